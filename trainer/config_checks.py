"""The configuration checked at start-up (:func:`check_config`, from the application factory):
a key set to something its pages cannot use (``TRAINER_PERMANENT_SESSION_LIFETIME=soon``,
``TRAINER_DEFAULT_RULES=nonesuch``, ``TRAINER_JOBS_AT_ONCE=0``) stops the server before it
starts, with one line naming the key and what it takes, rather than a server whose every page
is a 500, or whose jobs never run, while /healthz says ok.

Only the keys set are checked: a key left out takes its default, set where it is read.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any


class ConfigError(ValueError, RuntimeError):
    """A configuration value the trainer cannot run with. A RuntimeError too, so that gunicorn
    prints its message alone ("Error: JOBS_AT_ONCE = 0: ...") and exits, not a traceback."""


# Whole numbers and their least value: counts of jobs, workers, failures, seconds.
WHOLE_NUMBERS = {
    "JOBS_AT_ONCE": 1,
    "JOBS_PER_LEARNER": 1,
    "JOBS_QUEUED_AT_MOST": 1,
    "JOB_MAX_TRIES": 1,
    "SIMULATION_JOBS_AT_ONCE": 1,
    "SIMULATION_JOBS_PER_LEARNER": 1,
    "SIMULATION_MAX_ROUNDS": 1,
    "SIMULATION_MAX_WORKERS": 1,
    "COUNT_JOB_PROCESSES": 1,
    "SIGNIN_MAX_FAILURES_PER_ACCOUNT": 1,
    "SIGNIN_MAX_FAILURES_PER_ADDRESS": 1,
    "SIGNIN_FAILURE_WINDOW_SECONDS": 1,
    "EXPENSIVE_WORK_PER_WINDOW": 0,  # none: every chart not worked out yet is refused
    "EXPENSIVE_WORK_WINDOW_SECONDS": 1,
    "BACKUPS_KEPT": 0,
    "HELD_WAITS": 0,  # none: no request is held asleep (trainer.web.held_waits)
}
# Seconds, whole or not, more than none.
SECONDS = ("JOB_STALE_SECONDS", "JOB_HUNG_SECONDS")


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def check_config(config: Mapping[str, Any]) -> None:
    """Raise :class:`ConfigError` for the first key set to a value the trainer cannot use."""
    for key, least in WHOLE_NUMBERS.items():
        value = config.get(key)
        if value is not None and not (
            isinstance(value, int) and not isinstance(value, bool) and value >= least
        ):
            raise ConfigError(f"{key} = {value!r}: give a whole number, {least} or more")
    for key in SECONDS:
        value = config.get(key)
        if value is not None and not (_is_number(value) and value > 0):
            raise ConfigError(f"{key} = {value!r}: give a number of seconds, more than 0")
    lifetime = config.get("PERMANENT_SESSION_LIFETIME")
    if not (
        (isinstance(lifetime, timedelta) and lifetime > timedelta(0))
        or (isinstance(lifetime, int) and not isinstance(lifetime, bool) and lifetime > 0)
    ):
        raise ConfigError(
            f"PERMANENT_SESSION_LIFETIME = {lifetime!r}: give a whole number of seconds, "
            "more than 0 (3600 is an hour)"
        )
    _check_rules(config.get("DEFAULT_RULES"))


def _check_rules(name: Any) -> None:
    from trainer.engine.rulebook.rules import preset_names

    if name not in preset_names():
        raise ConfigError(
            f"DEFAULT_RULES = {name!r}: give the name of a preset: {', '.join(preset_names())}"
        )
