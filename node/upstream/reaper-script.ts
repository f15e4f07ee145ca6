// The reaper's program: POSIX sh, run as `/bin/sh -c REAPER_SCRIPT`. A shell
// waiting on `read` costs about 1 MB where a second Node runtime cost 45 MB.
// The text is fixed: every value it acts on arrives on its stdin ("track <pgid>
// [<mark>]", "untrack <pgid>") and is checked there — digits, 32 hex digits —
// before it is ever used. When stdin ends (the proxy exited or was killed) it
// stops every server still tracked, with everything those servers started:
// SIGTERM, a grace period of 1 s, then SIGKILL.
//
// Linux: one pass over /proc finds the processes in a tracked group or carrying
// a tracked mark (own user only, zombies skipped). A marked server's group
// counts only while its leader (pid = pgid) still carries a mark: once the group
// empties its id can be reused, and an unrelated process must never be killed.
// Without /proc (macOS, the BSDs) whole groups are signalled instead.
// (In this template literal, \${ and \\ are the shell's ${ and \.)
export const REAPER_SCRIPT = `groups=
drop() {
  kept=
  for entry in $groups; do
    [ "\${entry%%:*}" = "$1" ] || kept="$kept $entry"
  done
  groups=$kept
}
while read -r verb pgid mark extra; do
  # A pgid is digits without a leading zero, never 0 or 1: kill(-1) would reach every process of the user.
  case $pgid in '' | 0* | *[!0-9]*) continue ;; esac
  [ \${#pgid} -le 10 ] && [ "$pgid" -gt 1 ] || continue
  case $mark in *[!0-9a-f]*) mark=- ;; esac
  [ \${#mark} -eq 32 ] || mark=-
  case $verb in
    track) drop "$pgid"; groups="$groups $pgid:$mark" ;;
    untrack) drop "$pgid" ;;
  esac
done
[ -n "$groups" ] || exit 0

marks=
for entry in $groups; do
  [ "\${entry#*:}" = - ] || marks="$marks \${entry#*:}"
done
if printf 'a\\0' | grep -qzx a 2>/dev/null; then nul_grep=yes; else nul_grep=no; fi
# test -O (owned by us) is not POSIX: a shell without it relies on kill, which reaches only our own processes.
if [ -O /proc/$$ ] 2>/dev/null; then owner_test=yes; else owner_test=no; fi

# The environ files (/proc/<pid>/environ) that hold MCPSCOPE_SERVER_MARK=<a tracked mark> exactly.
marked() {
  [ -n "$marks" ] || return 0
  set --
  for m in $marks; do set -- "$@" -e "MCPSCOPE_SERVER_MARK=$m"; done
  if [ "$nul_grep" = yes ]; then
    grep -lzxF "$@" /proc/[0-9]*/environ 2>/dev/null
  else
    for f in /proc/[0-9]*/environ; do
      { tr '\\0' '\\n' < "$f" | grep -qxF "$@" && echo "$f"; } 2>/dev/null
    done
  fi
}

# found: what is left to stop - pids (Linux) or -pgid (without /proc).
scan() {
  found=
  if [ ! -r /proc/self/stat ]; then
    for entry in $groups; do
      kill -s 0 -- "-\${entry%%:*}" 2>/dev/null && found="$found -\${entry%%:*}"
    done
    return 0
  fi
  with_mark=' '
  for f in $(marked); do
    p=\${f#/proc/}
    with_mark="$with_mark\${p%/environ} "
  done
  ours=' '
  for entry in $groups; do
    if [ "\${entry#*:}" = - ]; then
      ours="$ours\${entry%%:*} "
    else
      case $with_mark in *" \${entry%%:*} "*) ours="$ours\${entry%%:*} " ;; esac
    fi
  done
  for d in /proc/[0-9]*; do
    p=\${d#/proc/}
    [ "$p" != $$ ] || continue
    [ "$owner_test" = no ] || [ -O "$d" ] || continue
    { read -r stat < "$d/stat"; } 2>/dev/null || continue
    # The fields after "(comm)": state ppid pgrp ...; comm may hold spaces or parentheses.
    set -- \${stat##*) }
    [ "$1" != Z ] || continue
    case $ours in *" $3 "*) found="$found $p"; continue ;; esac
    case $with_mark in *" $p "*) found="$found $p" ;; esac
  done
}

left() {
  for p in $found; do
    case $p in
      -*) kill -s 0 -- "$p" 2>/dev/null && return 0 ;;
      *)
        { read -r stat < "/proc/$p/stat"; } 2>/dev/null || continue
        set -- \${stat##*) }
        [ "$1" = Z ] || return 0
        ;;
    esac
  done
  return 1
}

# Wait up to a second for what was found to be gone.
settle() {
  n=0
  while left && [ $n -lt 20 ]; do
    sleep 0.05 2>/dev/null || { sleep 1; n=20; }
    n=$((n + 1))
  done
}

stop() {
  scan
  [ -n "$found" ] || exit 0
  for p in $found; do kill -s "$1" -- "$p" 2>/dev/null; done
  settle
}
stop TERM
stop KILL
exit 0
`;
