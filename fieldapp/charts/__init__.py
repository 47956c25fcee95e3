"""The clerk's charts: plain aggregation (aggregate.py), server-drawn SVG (svg.py), one page (views.py)."""
