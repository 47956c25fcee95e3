"""Long lists shown a page at a time (the clerk's renewals and follow-up at county size: 20,000
lines at 50,000 dogs). The count comes from SQL (COUNT), the page's rows with LIMIT/OFFSET,
and the links are plain `?page=` URLs, so the pager works without JavaScript and a page can
be bookmarked or shared. A page asked past the end shows the last one (a list that shrank
since the link was made), a page below 1 the first."""
from dataclasses import dataclass

PER_PAGE = 50


@dataclass(frozen=True)
class Page:
    number: int  # 1-based, within 1..pages
    total: int  # lines in the whole list (SQL COUNT)
    per: int = PER_PAGE

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.per))

    @property
    def offset(self) -> int:
        return (self.number - 1) * self.per

    @property
    def first(self) -> int:
        """The 1-based number of the page's first line (0 for an empty list)."""
        return self.offset + 1 if self.total else 0

    @property
    def last(self) -> int:
        return min(self.offset + self.per, self.total)

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 1 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.pages else None


def page_of(total: int, asked, per: int | None = None) -> Page:
    """The page `asked` (a number, or None for the first) of a list of `total` lines, `per`
    lines a page (PER_PAGE)."""
    per = per or PER_PAGE
    pages = max(1, -(-total // per))
    number = asked if isinstance(asked, int) else 1
    return Page(min(max(number, 1), pages), total, per)
