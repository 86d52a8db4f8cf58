"""Helpers for the printing tests: read a PDF back with pypdf and render its
first page with pdftoppm (poppler-utils)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pypdf
import pytest
from PySide6.QtGui import QImage

A4 = (595, 842)
LETTER = (612, 792)


def page_sizes(path: Path) -> list[tuple[int, int]]:
    reader = pypdf.PdfReader(str(path))
    return [(round(float(p.mediabox.width)), round(float(p.mediabox.height)))
            for p in reader.pages]


def pdf_text(path: Path) -> str:
    """All the text of a PDF, words separated by single spaces."""
    reader = pypdf.PdfReader(str(path))
    return " ".join(" ".join(p.extract_text().split()) for p in reader.pages)


def pdf_words(path: Path) -> set[str]:
    return set(pdf_text(path).split())


def first_page_png(path: Path, dpi: int = 60) -> QImage:
    """The first page rendered by pdftoppm, as a QImage."""
    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm is missing: apt-get install poppler-utils")
    stem = path.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile", "-png",
                    str(path), str(stem)], check=True)
    image = QImage(str(stem) + ".png")
    assert not image.isNull()
    return image


def ink(image: QImage, step: int = 2) -> float:
    """Share of sampled pixels that are not white (0 for a blank page)."""
    dark = total = 0
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            total += 1
            if image.pixelColor(x, y).lightness() < 200:
                dark += 1
    return dark / total


def colours(image: QImage, step: int = 3) -> set[tuple[int, int, int]]:
    out = set()
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            c = image.pixelColor(x, y)
            out.add((c.red(), c.green(), c.blue()))
    return out


def margins_clear(image: QImage, points: float = 30.0, dpi: int = 60) -> bool:
    """Nothing is drawn within ``points`` of the paper's edges."""
    edge = int(points * dpi / 72)
    w, h = image.width(), image.height()
    for y in range(h):
        for x in list(range(edge)) + list(range(w - edge, w)):
            if image.pixelColor(x, y).lightness() < 250:
                return False
    for x in range(w):
        for y in list(range(edge)) + list(range(h - edge, h)):
            if image.pixelColor(x, y).lightness() < 250:
                return False
    return True
