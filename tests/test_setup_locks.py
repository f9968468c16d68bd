"""scripts/setup.sh waits for every lock apt takes, the package lists' lock
included (``DPkg::Lock::Timeout`` covers dpkg's lock only): its waiting part,
``scripts/aptlock.sh``, run against lock files in a temporary folder held by
another process the way apt holds them (fcntl record locks). apt-get itself
never runs: a stand-in script takes its place."""

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APTLOCK = ROOT / "scripts" / "aptlock.sh"

#: Holds the lock named by argv[1] with fcntl.lockf (as apt does), says so, keeps it argv[2] seconds.
HOLDER = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)
fcntl.lockf(fd, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(float(sys.argv[2]))
"""


def hold(lock: Path, seconds: float) -> subprocess.Popen:
    """Start a process that holds ``lock`` for ``seconds``; return once it holds it."""
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(lock), str(seconds)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "held"
    return proc


def run_bash(script: str, env: dict | None = None) -> subprocess.CompletedProcess:
    import os
    return subprocess.run(["bash", "-c", f". {APTLOCK}\n{script}"], capture_output=True, text=True, timeout=60,
                          env={**os.environ, **(env or {})})


def test_a_free_or_missing_lock_does_not_wait(tmp_path):
    """Nobody holds either file (one does not even exist): the wait returns at once, saying nothing."""
    (tmp_path / "lock").touch()
    start = time.monotonic()
    done = run_bash(f"apt_wait_locks 5 {tmp_path / 'lock'} {tmp_path / 'missing'}")
    assert done.returncode == 0 and done.stderr == ""
    assert time.monotonic() - start < 3


def test_the_wait_lasts_while_another_process_holds_the_lists_lock(tmp_path):
    """Another process holds the lock for 2 s: the wait (up to 20 s) says once what it waits for,
    returns 0, and not before the holder has let go (at least about 2 s after the start)."""
    lock = tmp_path / "lists-lock"
    start = time.monotonic()
    holder = hold(lock, 2)
    try:
        done = run_bash(f"apt_wait_locks 20 {tmp_path / 'free'} {lock}")
    finally:
        holder.wait()
    assert done.returncode == 0, done.stderr
    assert time.monotonic() - start >= 1.9
    assert done.stderr.count("waiting for another apt to let go of") == 1 and str(lock) in done.stderr


def test_the_wait_is_bounded(tmp_path):
    """Held for 30 s, waited for at most 1 s: exit 1 within a few seconds, naming the lock."""
    lock = tmp_path / "lists-lock"
    holder = hold(lock, 30)
    try:
        start = time.monotonic()
        done = run_bash(f"apt_wait_locks 1 {lock}")
        took = time.monotonic() - start
    finally:
        holder.kill()
        holder.wait()
    assert done.returncode == 1
    assert f"another apt still holds {lock} after 1 s" in done.stderr
    assert took < 10


def test_apt_get_runs_once_the_lists_lock_is_free(tmp_path):
    """setup.sh's `apt_get_waiting 600 update -qq` with the lists lock held for 2 s: the stand-in
    apt-get fails (exit 100, as apt-get does) whenever the lock is held when it runs, and records its
    arguments otherwise. It runs once, after the holder let go, with the remaining wait as dpkg's
    timeout and the arguments given."""
    lock = tmp_path / "lists-lock"
    calls = tmp_path / "calls"
    fake = tmp_path / "apt-get"
    fake.write_text(f"""#!/usr/bin/env bash
. {APTLOCK}
apt_lock_free {lock} || exit 100
echo "$*" >> {calls}
""")
    fake.chmod(0o755)
    holder = hold(lock, 2)
    try:
        done = run_bash("apt_get_waiting 600 update -qq", {"APT_GET": str(fake), "APT_LOCKS": str(lock)})
    finally:
        holder.wait()
    assert done.returncode == 0, done.stderr
    (line,) = calls.read_text().splitlines()
    first, rest = line.split(" ", 1)
    assert first == "-o" and rest.endswith(" update -qq")
    timeout = int(rest.split(" ", 1)[0].split("=", 1)[1])
    assert rest.startswith("DPkg::Lock::Timeout=") and 590 <= timeout <= 598


def test_another_failure_of_apt_get_is_not_retried(tmp_path):
    """No lock held and apt-get fails (exit 100, a network error say): its status comes back at once,
    after one run."""
    calls = tmp_path / "calls"
    fake = tmp_path / "apt-get"
    fake.write_text(f"#!/usr/bin/env bash\necho run >> {calls}\nexit 100\n")
    fake.chmod(0o755)
    done = run_bash("apt_get_waiting 600 update", {"APT_GET": str(fake), "APT_LOCKS": str(tmp_path / "lock")})
    assert done.returncode == 100
    assert calls.read_text() == "run\n"


def test_setup_uses_the_waiting_apt_get_for_every_apt_command():
    """Every apt-get command of scripts/setup.sh goes through the wait (none runs apt-get bare)."""
    script = (ROOT / "scripts" / "setup.sh").read_text(encoding="utf-8")
    assert ". scripts/aptlock.sh" in script
    commands = [line for line in script.splitlines() if not line.lstrip().startswith("#")]
    assert sum("apt_get_waiting 600" in line for line in commands) == 3
    assert not any("apt-get " in line.replace("command -v apt-get", "") for line in commands)
