"""Write a close picture of air units (40.2) flying over a hex whose neighbours all hold
Field Works (18.0) and ground stacks, to check that neither the air column nor a
shifted ground stack covers a neighbour's Field Works tag.

Run: QT_QPA_PLATFORM=offscreen python tests/ui/legend_begins/make_air_works_shot.py OUT.png
The position is set up directly (a picture, not a game).  Scratch settings, no autosave.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QRectF
from shots import shot_window  # beside this script (its folder is on sys.path)

SCENARIO = "legend_begins/gazala"
KEY = "3232"
#: the view's scale: the hex and its six neighbours fill the map
ZOOM = 3.2


def main(out: Path) -> None:

    app, window = shot_window("tlb-air-works-")
    window.autosave_enabled = False
    window.open_scenario(SCENARIO, seed=1, options={"air_game": True})
    st = window.session.state
    ctl = window.session.controller
    ctx = ctl.ctx(st)
    near = [KEY] + list(ctx.hexmap.neighbours(KEY))
    works = dict(st.vars.get("works") or {})
    for i, key in enumerate(near):
        works[key] = {"type": "fort" if i % 2 else "ip", "side": "allied"}
    st.vars["works"] = works
    allied = [p for p, q in sorted(st.pieces.items()) if q.side == "allied"
              and q.status == "active" and ctl.ctx(st).is_combat(p)]
    for key, pid in zip(near, allied, strict=False):
        st.pieces[pid].space = key
    flying = [p for p, q in sorted(st.pieces.items()) if q.side == "allied"
              and window.session.module.piece_types[q.type].kind == "air"][:4]
    for pid in flying:
        q = st.pieces[pid]
        q.status, q.space = "active", KEY
        q.data.update(mission="gs", base="2937", hit=[])
    window.refresh()
    for _ in range(3):
        app.processEvents()
    c = window.scene.space_centre(KEY)
    window.map.fitInView(QRectF(c.x() - 330, c.y() - 300, 660, 600))
    window.map.resetTransform()
    window.map.scale(ZOOM, ZOOM)
    window.map.centerOn(c)
    for _ in range(5):
        app.processEvents()
    window.grab().save(str(out))
    print(f"{out}: {flying} over {KEY}; works in {near}")
    window.mark_clean()
    window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
