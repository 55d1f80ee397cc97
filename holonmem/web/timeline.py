"""The Timeline chart's layout (pure): one lane per project, one column per day with activity.

In each column, a bar for the day's events (height by square root, so a busy
day does not flatten the rest), a circle for the episodes and a diamond for
the memories created that day, each with a tooltip (SVG ``<title>``). The
template draws the shapes; nothing here touches the home.
"""

from __future__ import annotations

import math

LEFT = 150  # project labels
TOP = 30  # legend
LANE = 78
BAR_MAX = 44
MAX_DAYS = 240  # the most recent days with activity


def layout(counts: dict[tuple[str, str], dict[str, int]], *, width: int = 1100) -> dict:
    days = sorted({d for d, _ in counts})
    cut = max(0, len(days) - MAX_DAYS)
    days = days[cut:]
    lanes = sorted({p for _, p in counts}, key=lambda p: (p == "(global)", p))
    col = max(6.0, min(34.0, (width - LEFT - 20) / max(1, len(days))))
    top_events = max((c["events"] for (d, _), c in counts.items() if d in days), default=1) or 1
    x_of = {d: LEFT + i * col for i, d in enumerate(days)}
    bars, circles, diamonds, labels = [], [], [], []
    for li, project in enumerate(lanes):
        base = TOP + (li + 1) * LANE - 14
        labels.append({"x": LEFT - 8, "y": base - LANE / 2 + 8, "text": project})
        for d in days:
            c = counts.get((d, project))
            if not c:
                continue
            x = x_of[d]
            if c["events"]:
                h = max(2.0, BAR_MAX * math.sqrt(c["events"] / top_events))
                bars.append({"x": round(x + col * 0.15, 1), "y": round(base - h, 1), "w": round(col * 0.7, 1),
                             "h": round(h, 1), "tip": f"{project} {d}: {c['events']} events"})
            if c["episodes"]:
                r = min(col * 0.45, 3 + 1.5 * math.sqrt(c["episodes"]))
                circles.append({"cx": round(x + col / 2, 1), "cy": round(base - BAR_MAX - 10, 1), "r": round(r, 1),
                                "tip": f"{project} {d}: {c['episodes']} episodes", "n": c["episodes"]})
            if c["memories"]:
                cx, cy, s = x + col / 2, base - BAR_MAX - 24, min(col * 0.45, 5 + math.sqrt(c["memories"]))
                diamonds.append({"points": f"{cx:.1f},{cy - s:.1f} {cx + s:.1f},{cy:.1f} {cx:.1f},{cy + s:.1f} {cx - s:.1f},{cy:.1f}",
                                 "tip": f"{project} {d}: {c['memories']} memories created", "n": c["memories"]})
    step = max(1, math.ceil(60 / col))
    ticks = [{"x": round(x_of[d] + col / 2, 1), "text": d} for i, d in enumerate(days) if i % step == 0 or i == len(days) - 1]
    height = TOP + len(lanes) * LANE + 70
    lane_lines = [{"y": TOP + (i + 1) * LANE - 14} for i in range(len(lanes))]
    return {"width": round(LEFT + len(days) * col + 80), "height": height, "bars": bars, "circles": circles,
            "diamonds": diamonds, "labels": labels, "ticks": ticks, "lanes": lane_lines, "days": len(days),
            "cut_days": cut, "axis_y": TOP + len(lanes) * LANE, "left": LEFT,
            "totals": {k: sum(c[k] for c in counts.values()) for k in ("events", "episodes", "memories")}}
