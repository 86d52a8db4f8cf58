"""``ffl print SHEET``: a sheet written to a PDF file from the command line."""

from __future__ import annotations

from pathlib import Path

from ffl.output_path import output_problem, write_failure

from .source import PrintSource, SheetError


def module_source(path: Path, scenario: str | None) -> PrintSource:
    """A scenario (or draft scenario) of a module file: the one named, else the
    first (store.StoreError for a damaged file)."""
    from ffl.store import load_module

    from .source import draft_scenario

    if not path.is_file():
        raise SheetError(f"no such file: {path}")
    module = load_module(path)
    drafts = [d.get("id", "") for d in module.attrs.get("draft_scenarios", [])
              if isinstance(d, dict)]
    if scenario is None:
        if not module.scenarios:
            raise SheetError(f"{path} holds no scenario: add one in the editor first")
        scenario = next(iter(module.scenarios))
    if scenario in module.scenarios:
        return PrintSource(module, module.scenarios[scenario], origin=path.name)
    draft = draft_scenario(module, scenario)
    if draft is None:
        known = ", ".join([*module.scenarios, *drafts]) or "none"
        raise SheetError(f"{path} has no scenario {scenario!r} (it has: {known})")
    return PrintSource(module, draft, origin=path.name)


def run_print(sheet: str, output: Path, scenario: str | None = None, save: Path | None = None,
              paper: str = "A4", blank_grid: bool = False, module: Path | None = None,
              side: str = "") -> str:
    """Write the sheet and return the line to print; SheetError for bad input
    (store.StoreError for a damaged save, KeyError for an unknown scenario)."""
    from .sheets import SHEETS, write_pdf

    if sheet not in SHEETS:
        raise SheetError(f"unknown sheet {sheet!r} (choose {', '.join(SHEETS)})")
    if blank_grid and sheet != "gameboard":
        raise SheetError("--blank-grid goes with the gameboard sheet only")
    problem = output_problem(output, f"{sheet}.pdf")
    if problem:
        raise SheetError(problem)
    if side and save is None:
        raise SheetError("--side goes with --save (a game's secrets are printed for one side)")
    if save is not None and module is not None:
        raise SheetError("print from --save FILE or --module FILE, not both")
    if module is not None:
        source = module_source(module, scenario)
    elif save is not None:
        if not save.is_file():
            raise SheetError(f"no such file: {save}")
        source = PrintSource.from_save(save, side)
        if scenario and scenario != source.scenario.id:
            raise SheetError(f"{save} is a game of {source.scenario.id}, not {scenario}")
    elif scenario:
        from ffl.games import games

        if "/" not in scenario or scenario.split("/", 1)[0] not in games():
            raise SheetError(f"unknown scenario {scenario!r} (see: ffl list)")
        source = PrintSource.for_scenario(scenario)
    else:
        raise SheetError("say what to print from: --scenario ID, --module FILE or --save FILE")
    try:
        pages = write_pdf(sheet, output, source, paper=paper, blank_grid=blank_grid)
    except OSError as exc:
        raise SheetError(write_failure(output, exc)) from exc
    return f"wrote {output} ({pages} page{'s' if pages != 1 else ''})"
