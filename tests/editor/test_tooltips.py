"""Every field and button of the editor's docks says what it is for in a
tooltip (a designer hovering over "Apply", "Up" or an unlabelled combo box
learns what it does and to what), on a real module with each dock shown."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
)

from ffl.catalog import module_path

INPUTS = (QAbstractButton, QLineEdit, QComboBox, QAbstractSpinBox, QPlainTextEdit)


def test_every_field_and_button_of_the_docks_has_a_tooltip(editor):
    w = editor
    assert w.open_path(module_path("ffl"))
    w.select_space("B2")
    untold = []
    for dock in (w.tool_dock, w.property_dock, w.module_dock, w.pieces_dock, w.scenario_dock,
                 w.tables_dock):
        dock.raise_()
        panel = dock.widget()
        for widget in panel.findChildren(QAbstractButton) + [
                x for cls in INPUTS[1:] for x in panel.findChildren(cls)]:
            inner = isinstance(widget.parent(), (QComboBox, QAbstractSpinBox))
            if inner or not widget.isVisibleTo(panel) or widget.toolTip().strip():
                continue
            name = widget.text() if isinstance(widget, (QAbstractButton, QLineEdit)) else ""
            untold.append(f"{dock.objectName()}: {type(widget).__name__} "
                          f"{widget.objectName() or name or getattr(widget, 'placeholderText', str)()}")
    assert untold == []
