"""Worker processes for the simulations (``rulebook simulate``, the pages'
figures): how many cores there are, and a pool whose workers never outlive
the process that started them."""

from __future__ import annotations

import multiprocessing
import os
import signal
from concurrent.futures import ProcessPoolExecutor

__all__ = ["cores", "pool"]


def cores() -> int:
    """The number of CPU cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:                  # not on Linux
        return max(1, os.cpu_count() or 1)


def pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes. They are forked where the system
    can (they start at once, and a script that runs a simulation needs no
    ``if __name__ == "__main__"`` guard), elsewhere started afresh; a worker
    gets everything it uses as arguments, so both ways give the same results.
    On Linux a worker is killed with the process that started it: a build
    killed in the middle leaves no worker behind (holding the site's build
    lock, which a forked worker shares)."""
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context(method),
                               initializer=_die_with_parent, initargs=(os.getpid(),))


def _die_with_parent(parent: int) -> None:
    """A worker's first step: ask the kernel for SIGKILL when the parent dies
    (Linux's PR_SET_PDEATHSIG), and stop at once if it has died already."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)       # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):       # not Linux: the worker ends when its work queue breaks
        return
    if os.getppid() != parent:
        os._exit(1)
