"""Worker processes for the simulations (``rulebook simulate``, the pages'
figures): how many cores there are, and work spread over them with the
results read in order."""

from __future__ import annotations

import os
import signal
from itertools import islice
from typing import TYPE_CHECKING, Any, Callable, Generator, Iterable

if TYPE_CHECKING:                   # (multiprocessing is imported when a pool is made: the player never does)
    from multiprocessing.pool import Pool

__all__ = ["cores", "pool", "in_order"]


def cores() -> int:
    """The number of CPU cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:                  # not on Linux
        return max(1, os.cpu_count() or 1)


def pool(jobs: int) -> Pool:
    """A pool of ``jobs`` worker processes (``multiprocessing.Pool``; leaving
    its ``with`` block ends them, finished or not). They are forked where the
    system can (they start at once, and a script that runs a simulation needs
    no ``if __name__ == "__main__"`` guard), elsewhere started afresh; a
    worker gets everything it uses as arguments, so both ways give the same
    results. A worker leaves Ctrl-C to the process that started it, and on
    Linux is killed with it: a build killed in the middle leaves no worker
    behind (holding the site's build lock, which a forked worker shares)."""
    import multiprocessing

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method).Pool(jobs, initializer=_worker_start, initargs=(os.getpid(),))


def in_order(fn: Callable[..., Any], calls: Iterable[tuple], jobs: int, ahead: int = 2) -> Generator[Any, None, None]:
    """``fn(*args)`` for each ``args`` of ``calls`` (possibly endless), in
    order, computed by ``jobs`` processes a few calls ahead of what has been
    read (``ahead`` per process). Closing the iterator ends the workers.
    Raises what ``fn`` raised."""
    calls = iter(calls)
    with pool(jobs) as workers:
        pending = [workers.apply_async(fn, args) for args in islice(calls, ahead * jobs)]
        try:
            while pending:
                result = pending.pop(0).get()
                pending += [workers.apply_async(fn, args) for args in islice(calls, 1)]
                yield result
        finally:
            # Read before the workers end (a reader that stops early leaves calls sent): ending a pool
            # whose task pipe is still full waits for ever (the pool's feeder thread is stuck writing to
            # workers that are gone), which hung a test process once in a few runs.
            for p in pending:
                p.wait()


def _worker_start(parent: int) -> None:
    """A worker's first step: leave Ctrl-C to the parent (which ends the
    pool), ask the kernel for SIGKILL when the parent dies (Linux's
    PR_SET_PDEATHSIG), and stop at once if it has died already."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)       # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):       # not Linux: the worker ends when its work queue breaks
        return
    if os.getppid() != parent:
        os._exit(1)
