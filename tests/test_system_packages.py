# make test's one apt-get step (tools/system_packages.py): one install for all,
# a wait for dpkg's lock, one refresh of the lists, and a non-root user told the command.
import importlib.util
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("system_packages", ROOT / "tools" / "system_packages.py")
packages = importlib.util.module_from_spec(spec)
spec.loader.exec_module(packages)


class FakeApt:
    """dpkg-query and apt-get over a set of installed packages; `known` is what the lists hold."""

    def __init__(self, have, known=None, stale=False):
        self.have = set(have)
        self.known = set(known) if known is not None else None
        self.stale = stale
        self.calls = []

    def __call__(self, cmd, **kwargs):
        self.calls.append(cmd)
        if cmd[0] == "dpkg-query":
            ok = cmd[-1] in self.have
            return subprocess.CompletedProcess(cmd, 0 if ok else 1, "install ok installed" if ok else "", "")
        if "update" in cmd:
            self.stale = getattr(self, "unfixable", False)
            return subprocess.CompletedProcess(cmd, 0, "", "")
        assert cmd[0] == "apt-get" and "install" in cmd
        wanted = cmd[cmd.index("--no-install-recommends") + 1:]
        if self.stale:
            return subprocess.CompletedProcess(cmd, 100, "E: Unable to locate package %s" % wanted[0], "")
        self.have.update(wanted)
        return subprocess.CompletedProcess(cmd, 0, "", "")

    def installs(self):
        return [c for c in self.calls if c[0] == "apt-get" and "install" in c]


ALL = tuple(p for p, _ in packages.PACKAGES)


def test_everything_missing_is_installed_in_one_apt_get_that_waits_for_the_lock(capsys):
    apt = FakeApt(have=["cmake"])
    assert packages.install(ALL, run=apt, is_root=True) == 0
    [install] = apt.installs()
    assert "DPkg::Lock::Timeout=%d" % packages.LOCK_WAIT in install
    assert set(install[install.index("--no-install-recommends") + 1:]) == set(ALL) - {"cmake"}
    said = capsys.readouterr().out
    assert said.count("\n") == 1 and "installing" in said and "the firmware image" in said


def test_nothing_runs_when_everything_is_there():
    apt = FakeApt(have=ALL)
    assert packages.install(ALL, run=apt, is_root=True) == 0
    assert apt.installs() == []


def test_an_old_package_list_is_refreshed_once():
    apt = FakeApt(have=[], stale=True)
    assert packages.install(ALL, run=apt, is_root=True) == 0
    assert [c for c in apt.calls if "update" in c] and len(apt.installs()) == 2


def test_a_package_that_cannot_be_had_fails_with_apt_get_s_word(capsys):
    apt = FakeApt(have=[], stale=True)
    apt.unfixable = True
    assert packages.install(("chromium",), run=apt, is_root=True) == 1
    assert len(apt.installs()) == 2
    assert "Unable to locate package chromium" in capsys.readouterr().out


def test_a_user_who_is_not_root_is_told_the_one_command_and_nothing_runs(capsys):
    apt = FakeApt(have=[])
    assert packages.install(ALL, run=apt, is_root=False) == 1
    assert apt.installs() == []
    said = capsys.readouterr().out
    assert "Run as root" in said and " ".join(packages.command(ALL)) in said
