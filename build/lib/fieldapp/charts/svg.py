"""A horizontal bar chart as SVG, drawn on the server: no JavaScript, nothing from elsewhere.

Horizontal bars read best on a phone 360 px wide: each bar has its label above it and its value
at its end, so the chart says everything without a legend or axis to decode, and prints as it is
(black bars, see static/css/records.css). The drawing scales to the page's width (viewBox)."""
from decimal import Decimal

from markupsafe import Markup, escape

from ..law.words import say_money
from .aggregate import Series

WIDTH = 360
LABEL_H = 19
BAR_H = 16
GAP = 8
VALUE_W = 84  # room at the right of the longest bar for its value


def value_text(series: Series, value) -> str:
    if series.unit == "$":
        return say_money(value)
    return f"{value:,}"


def bar_chart(series: Series, chart_id: str) -> Markup:
    """The chart of `series` as an inline <svg> (role img, named by its title and a summary)."""
    rows = len(series.bars)
    height = max(1, rows) * (LABEL_H + BAR_H + GAP) + 4
    top = max((b.value for b in series.bars), default=0) or 1
    room = WIDTH - VALUE_W
    largest = series.largest
    summary = (f"Total {value_text(series, series.total)}" +
               (f"; largest {largest.label}: {value_text(series, largest.value)}" if largest else "")) \
        if rows else "Nothing to show yet."
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img" '
             f'aria-labelledby="{chart_id}-title {chart_id}-desc" class="bar-chart">',
             f'<title id="{chart_id}-title">{escape(series.title)}</title>',
             f'<desc id="{chart_id}-desc">{escape(summary)}</desc>']
    if not rows:
        parts.append(f'<text x="0" y="{LABEL_H}">Nothing to show yet.</text>')
    for i, bar in enumerate(series.bars):
        y = i * (LABEL_H + BAR_H + GAP)
        width = 0 if not bar.value else max(2.0, float(Decimal(bar.value) / Decimal(top)) * room)
        parts.append(f'<g class="row" data-key="{escape(bar.key)}">'
                     f'<text x="0" y="{y + LABEL_H - 4}">{escape(bar.label)}</text>'
                     f'<rect class="bar" x="0" y="{y + LABEL_H}" width="{width:.1f}" height="{BAR_H}"></rect>'
                     f'<text x="{width + 4:.1f}" y="{y + LABEL_H + BAR_H - 3}" class="value">'
                     f'{escape(value_text(series, bar.value))}</text></g>')
    parts.append(f'<line class="axis" x1="0.5" y1="0" x2="0.5" y2="{height}"></line></svg>')
    return Markup("".join(parts))
