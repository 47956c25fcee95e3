"""What a printed page looks like to the person who receives it: the runs of text on each page
of a PDF (pypdfium2), and any two on the same line that print over each other."""
import pypdfium2 as pdfium


def pdf_text(data) -> str:
    """A PDF's text (its bytes, or a file's path), page after page."""
    pdf = pdfium.PdfDocument(data)
    return "\n".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))


def text_runs(data: bytes) -> list[list[tuple[float, float, float, float, str]]]:
    """Per page, each run of text as (left, bottom, right, top, text)."""
    pages = []
    pdf = pdfium.PdfDocument(data)
    for page in pdf:
        textpage = page.get_textpage()
        runs = []
        for i in range(textpage.count_rects()):
            left, bottom, right, top = textpage.get_rect(i)
            runs.append((left, bottom, right, top, textpage.get_text_bounded(left, bottom, right, top).strip()))
        pages.append(runs)
    return pages


def overprints(data: bytes, slack: float = 0.5) -> list[str]:
    """Pairs of runs on the same line whose boxes overlap by more than `slack` points."""
    found = []
    for n, runs in enumerate(text_runs(data), start=1):
        for i, a in enumerate(runs):
            for b in runs[i + 1:]:
                same_line = min(a[3], b[3]) - max(a[1], b[1]) > 0.5 * min(a[3] - a[1], b[3] - b[1])
                overlap = min(a[2], b[2]) - max(a[0], b[0])
                if same_line and overlap > slack:
                    found.append(f"page {n}: {a[4]!r} over {b[4]!r}")
    return found
