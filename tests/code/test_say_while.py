"""``scripts/say-while``: the set-up's steps that print nothing themselves (the virtualenv, pip
unpacking into a log, numba compiling) say every few seconds that they are still at it, so that
``make run`` is never silent for long; the command's own status is the step's."""

import os
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "say-while"


def say_while(*args: str, every: str = "0.2") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SAY_WHILE_EVERY": every}
    return subprocess.run(
        [str(SCRIPT), *args], capture_output=True, text=True, env=env, timeout=30, check=False
    )


def test_a_silent_command_is_said_to_be_running_until_it_ends() -> None:
    done = say_while("setup 6/6", "compiling", "--", "sleep", "0.9")
    lines = done.stdout.splitlines()
    assert done.returncode == 0
    assert 1 <= len(lines) <= 5, lines  # every 0.2 s at most (a loaded machine may say fewer)
    assert all(line.startswith("[setup 6/6] still compiling (") for line in lines), lines


def test_the_commands_status_and_output_are_its_own() -> None:
    failed = say_while(
        "t", "working", "--", "sh", "-c", "echo out; echo err >&2; exit 3", every="5"
    )
    assert failed.returncode == 3
    assert failed.stdout == "out\nerr\n"  # both streams, in order, nothing said (done in 5 s)


def test_a_log_takes_the_commands_output_and_the_lines_stay_on_the_terminal(
    tmp_path: Path,
) -> None:
    log = tmp_path / "step.log"
    done = say_while("--log", str(log), "t", "working", "--", "sh", "-c", "echo hidden; sleep 0.5")
    assert done.returncode == 0
    assert log.read_text() == "hidden\n"
    assert "hidden" not in done.stdout and "[t] still working (" in done.stdout


def test_not_on_a_terminal_still_says_in_a_log() -> None:
    done = say_while("--not-on-a-terminal", "t", "working", "--", "sleep", "0.5")
    assert "[t] still working (" in done.stdout  # captured: not a terminal


def test_a_wrong_call_is_refused_with_its_usage() -> None:
    wrong = say_while("t", "working", "sleep", "1")
    assert wrong.returncode == 2 and "usage: scripts/say-while" in wrong.stderr
