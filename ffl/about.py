"""What Help > About shows: version, licence, credits for the games.

No Qt here: :func:`about_text` returns HTML that any window (QMessageBox.about,
a QTextBrowser) can show.  The credits name the people and firms behind the
printed games this program lets you play; the program itself is a fan project.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from pathlib import Path

from . import __version__
from .shipped import shipped_dir

APP_NAME = "ffl"
LICENCE = "MIT"


@dataclass(frozen=True)
class GameCredit:
    title: str
    credit: str     # designers and publishers, in our words


#: Only what we are sure of is named; the rest says so rather than guess.
CREDITS: tuple[GameCredit, ...] = (
    GameCredit("French Foreign Legion",
               "An album game published in 1982 by Yaquinto Publications."),
    GameCredit("Phantom Fury",
               "By its original designer and publisher, named on the box."),
    GameCredit("The Legend Begins: North Africa, 1940-42",
               "By its original designer and publisher, named on the box."),
    GameCredit("Limits of Glory: Bonaparte's Eastern Empire",
               "By its original designer and publisher, named on the box."),
    GameCredit("Foreign Legion Card Game",
               "By its original maker, whom the rules we work from do not name."),
)


def resources_dir() -> Path:
    """The shipped ``resources/`` folder (checkout, desktop bundle or installed
    wheel: :func:`ffl.shipped.shipped_dir`)."""
    return shipped_dir("resources")


def icon_path(name: str = "ffl") -> Path:
    """The SVG application icon (``"ffl"`` or ``"ffl-editor"``) for window icons."""
    return resources_dir() / "icons" / f"{name}.svg"


def about_text() -> str:
    """The Help > About page as HTML: version, licence, credits, fan-project note."""
    items = "\n".join(
        f"<li><b>{escape(c.title)}</b>: {escape(c.credit)}</li>" for c in CREDITS)
    return f"""<h2>{APP_NAME} {escape(__version__)}</h2>
<p>Printed board wargames played on screen, with the rules checked, the dice
rolled and every result explained by its rule number.</p>
<p>Licence: {LICENCE} (the program code, icons and our own texts).</p>
<h3>The games and their makers</h3>
<ul>
{items}
</ul>
<p><i>This is an unofficial fan implementation. It is not made, approved or
supported by the designers or publishers above, who keep every right to their
games, rules, maps and artwork. Please own the printed game you play.</i></p>
"""
