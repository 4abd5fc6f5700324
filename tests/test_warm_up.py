"""The warm-up before the test processes start (tests/warm_up.py): the copies of the test modules it
writes are the ones pytest reads back, and a module edited since is written again."""

from _pytest.assertion.rewrite import PYC_TAIL, _read_pyc

from tests.warm_up import rewrite, rewritten_modules

MODULE = """
def test_sum():
    total = 1 + 1
    assert total == 3, "a failing assert, rewritten to say what total was"
"""


def test_every_test_module_and_conftest_is_warmed_and_nothing_else():
    names = {path.name for path in rewritten_modules()}
    assert {"test_warm_up.py", "conftest.py", "test_smoke.py"} <= names
    assert all(name.startswith("test_") or name == "conftest.py" for name in names)


def test_a_module_is_rewritten_once_as_pytest_reads_it_and_again_after_an_edit(tmp_path):
    module = tmp_path / "test_example.py"
    module.write_text(MODULE)
    assert rewrite([module]) == "1 of 1 test modules rewritten"
    pyc = tmp_path / "__pycache__" / f"test_example{PYC_TAIL}"
    code = _read_pyc(module, pyc)
    assert code is not None  # pytest takes the copy as its own, up to date
    [function] = [const for const in code.co_consts if hasattr(const, "co_varnames")]
    assert any(name.startswith("@py_assert") for name in function.co_varnames)  # the assert was rewritten
    assert rewrite([module]) == "0 of 1 test modules rewritten"  # nothing changed: nothing written

    module.write_text(MODULE.replace("1 + 1", "1 + 2"))
    assert _read_pyc(module, pyc) is None  # out of date for pytest
    assert rewrite([module]) == "1 of 1 test modules rewritten"
    assert _read_pyc(module, pyc) is not None
