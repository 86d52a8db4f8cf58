"""``ffl print SHEET``: a sheet written to a PDF file from the command line."""

from __future__ import annotations

from pathlib import Path

from .source import PrintSource, SheetError


def run_print(sheet: str, output: Path, scenario: str | None = None, save: Path | None = None,
              paper: str = "A4", blank_grid: bool = False) -> str:
    """Write the sheet and return the line to print; SheetError for bad input
    (store.StoreError for a damaged save, KeyError for an unknown scenario)."""
    from .sheets import SHEETS, write_pdf

    if sheet not in SHEETS:
        raise SheetError(f"unknown sheet {sheet!r} (choose {', '.join(SHEETS)})")
    if blank_grid and sheet != "gameboard":
        raise SheetError("--blank-grid goes with the gameboard sheet only")
    if not output.parent.is_dir():
        raise SheetError(f"no such folder: {output.parent}")
    if save is not None:
        if not save.is_file():
            raise SheetError(f"no such file: {save}")
        source = PrintSource.from_save(save)
        if scenario and scenario != source.scenario.id:
            raise SheetError(f"{save} is a game of {source.scenario.id}, not {scenario}")
    elif scenario:
        from ffl.games import games

        if "/" not in scenario or scenario.split("/", 1)[0] not in games():
            raise SheetError(f"unknown scenario {scenario!r} (see: ffl list)")
        source = PrintSource.for_scenario(scenario)
    else:
        raise SheetError("say what to print from: --scenario ID or --save FILE")
    pages = write_pdf(sheet, output, source, paper=paper, blank_grid=blank_grid)
    return f"wrote {output} ({pages} page{'s' if pages != 1 else ''})"
