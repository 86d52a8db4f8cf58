"""Autosave slots: one per running program, orphans offered only once their
program is gone (its lock dropped), never a live program's autosave."""

from ffl.store.autosave import AutosaveSlots


def test_two_programs_get_two_slots_and_neither_sees_the_other_as_left_over(tmp_path):
    first, second = AutosaveSlots(tmp_path), AutosaveSlots(tmp_path)
    assert first.claim() == tmp_path / "autosave.fflsave"
    assert second.claim() == tmp_path / "autosave-2.fflsave"
    first.path.write_bytes(b"first")
    second.path.write_bytes(b"second")
    assert first.orphans() == [] and second.orphans() == []


def test_an_autosave_whose_program_is_gone_is_offered_once_and_kept_until_decided(tmp_path):
    gone = AutosaveSlots(tmp_path)
    gone.claim()
    gone.path.write_bytes(b"the game")
    gone.lock.release()                      # the program was killed
    starting = AutosaveSlots(tmp_path)
    mine = starting.claim()
    assert mine == tmp_path / "autosave.fflsave" and not mine.exists()   # moved aside
    (orphan,) = starting.orphans()
    assert orphan.path.read_bytes() == b"the game"
    assert AutosaveSlots(tmp_path).orphans() == []     # locked while being asked about
    orphan.release()                                   # "not now": kept
    (again,) = AutosaveSlots(tmp_path).orphans()
    assert again.path == orphan.path
    again.discard()
    assert not orphan.path.exists()


def test_a_clean_close_removes_the_autosave_and_frees_the_slot(tmp_path):
    slots = AutosaveSlots(tmp_path)
    slots.claim().write_bytes(b"x")
    slots.release()
    assert not (tmp_path / "autosave.fflsave").exists()
    assert AutosaveSlots(tmp_path).claim() == tmp_path / "autosave.fflsave"
