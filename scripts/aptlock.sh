# Waiting for apt's locks (sourced by scripts/setup.sh; bash).
#
# apt-get's option DPkg::Lock::Timeout makes it wait for dpkg's lock only: `apt-get update` stops at once
# when another apt holds the package lists' lock (/var/lib/apt/lists/lock), and `apt-get install` when the
# downloads' lock (/var/cache/apt/archives/lock) is taken. apt takes its locks with fcntl (POSIX record
# locks), which the `flock` command does not see, so the test is made with Python's fcntl.lockf: the lock
# is free when it can be taken at once (and it is let go of at once).

# apt_lock_free LOCK: exit 0 when no other process holds LOCK (a missing file is free), 1 when one does.
apt_lock_free() {
  python3 - "$1" <<'PY'
import fcntl, os, sys
try:
    fd = os.open(sys.argv[1], os.O_RDWR)
except FileNotFoundError:
    sys.exit(0)
try:
    fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
except OSError:
    sys.exit(1)
fcntl.lockf(fd, fcntl.LOCK_UN)
PY
}

# apt_wait_locks SECONDS LOCK...: wait until every LOCK is free, saying once what it waits for; exit 0
# then, or 1 with a message when SECONDS pass first.
apt_wait_locks() {
  local limit=$1 start=$SECONDS said="" lock
  shift
  while :; do
    for lock in "$@"; do
      if ! apt_lock_free "$lock"; then
        if (( SECONDS - start >= limit )); then
          echo "setup: another apt still holds $lock after ${limit} s; run this again when it is done" >&2
          return 1
        fi
        [ -n "$said" ] || { echo "setup: waiting for another apt to let go of $lock (up to ${limit} s)" >&2; said=1; }
        sleep 1
        continue 2
      fi
    done
    return 0
  done
}

# apt_get_waiting SECONDS ARG...: run `apt-get ARG...` once every lock apt takes is free, waiting up to
# SECONDS in all; when it fails while another process holds one of those locks (it took it between the
# wait and the run), wait and run it again. Any other failure is returned at once. APT_GET names the
# command (apt-get) and APT_LOCKS the locks (apt's three), both for the tests.
apt_get_waiting() {
  local limit=$1 start=$SECONDS left status lock held
  shift
  local -a locks
  read -r -a locks <<<"${APT_LOCKS:-/var/lib/apt/lists/lock /var/cache/apt/archives/lock /var/lib/dpkg/lock-frontend}"
  while :; do
    left=$(( limit - (SECONDS - start) ))
    (( left > 0 )) || left=0
    apt_wait_locks "$left" "${locks[@]}" || return 1
    left=$(( limit - (SECONDS - start) ))
    (( left > 0 )) || left=0
    status=0
    "${APT_GET:-apt-get}" -o DPkg::Lock::Timeout="$left" "$@" || status=$?
    (( status == 0 )) && return 0
    held=""
    for lock in "${locks[@]}"; do
      apt_lock_free "$lock" || held=1
    done
    if [ -z "$held" ] || (( SECONDS - start >= limit )); then
      return "$status"
    fi
  done
}
