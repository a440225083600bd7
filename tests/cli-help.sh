#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# tools/sbmbench's help.  Every subcommand of its dispatch (the case list,
# read from the script: a new one without --help fails here) answers
# --help and -h at once, before anything is built or installed (make,
# autoreconf and sudo fail here if called), exit 0, with a usage line
# naming it, every option it takes (its cmd_* function's case labels;
# fetch's; the argparse options of db, collect, import-c2c and report
# --html; predict's, layouts' and preflight's C ones), and as its last
# line "Read: docs/X.md (tools/sbmbench help T)", where docs/X.md is there
# and help T prints it byte for byte.  help lists every page of docs/ by
# topic and first heading and prints each; an unknown topic (or one
# outside docs/) exits 2 naming it; the main usage names every subcommand.
set -u
sbmbench=$SBM_SRCDIR/tools/sbmbench
docs=$SBM_SRCDIR/docs
py=${SBM_PYTHON:-python3}
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

# --help must not build, install or ask for root: these say so and fail
mkdir "$w/bin" || exit 1
for t in make autoreconf sudo; do
	printf '#!/bin/sh\necho "cli-help: %s called" >&2\nexit 97\n' "$t" >"$w/bin/$t"
	chmod +x "$w/bin/$t"
done
PATH=$w/bin:$PATH SBM_SKIP_DEPS=1
export PATH SBM_SKIP_DEPS
# the build tree's sbmlog, for whatever still reaches it
if [ -x "$SBM_BUILDDIR/sbmlog" ]; then
	SBM_SBMLOG=$SBM_BUILDDIR/sbmlog
	export SBM_SBMLOG
fi

# case_opts FILE [FUNCTION]: the --options of the case labels in FILE (in
# FUNCTION's body only, when given), --help aside
case_opts() {
	awk -v fn="${2:-}" '
		fn != "" && !on { if (index($0, fn "() {") == 1) on = 1; next }
		fn != "" && /^}/ { exit }
		/^[\t ]*-[-a-z0-9|]*\)/ {
			s = $0; sub(/^[\t ]*/, "", s); sub(/\).*/, "", s)
			n = split(s, a, "|")
			for (i = 1; i <= n; i++)
				if (a[i] ~ /^--[a-z]/ && a[i] != "--help") print a[i]
		}' "$1" | sort -u
}
# c_opts FILE...: the --options a C argument loop compares with
c_opts() {
	cat "$@" | grep -oE 'strcmp\([a-z]+(\[[a-z]+\])?, "--[a-z0-9-]+"' |
		sed 's/.*"\(--[a-z0-9-]*\)"/\1/' | grep -vx -- --help | sort -u
}
# py_opts ARG...: the --options of tools/sbmdb's argparse help for ARG...
py_opts() {
	PYTHONPATH=$SBM_SRCDIR/tools PYTHONDONTWRITEBYTECODE=1 "$py" -m sbmdb "$@" --help |
		grep -oE -- '--[a-z][a-z0-9-]*' | grep -vx -- --help | sort -u
}
# has_opts SUB WHAT OPTION...: SUB's --help ($w/help.SUB) names each
has_opts() {
	sub=$1 what=$2 missing=''
	shift 2
	[ $# -gt 0 ] || return 0
	for o in "$@"; do
		grep -qE -- "(^|[^a-z0-9-])$o([^a-z0-9-]|\$)" "$w/help.$sub" || missing="$missing $o"
	done
	[ -z "$missing" ] && ok "$sub --help: every option of $what ($#)" ||
		bad "$sub --help lacks$missing (options of $what)"
}

subs=$(awk '/^case "\$sub" in$/ { on = 1; next } on && /^esac/ { exit }
	on && /^[a-z-][a-z0-9|-]*\)/ {
		s = $0; sub(/\).*/, "", s); n = split(s, a, "|")
		for (i = 1; i <= n; i++) if (a[i] ~ /^[a-z]/) print a[i]
	}' "$sbmbench")
n=$(echo "$subs" | wc -w)
words=$(echo "$subs" | tr '\n' ' ')
[ "$n" -ge 15 ] && echo "$subs" | grep -qx help &&
	ok "the dispatch's $n subcommands: ${words% }" ||
	bad "only $n subcommands read from the dispatch of $sbmbench (help among them?): ${words% }"

"$sbmbench" --help >"$w/main" 2>&1 || bad "sbmbench --help exit $?"
for sub in $subs; do
	grep -q "tools/sbmbench $sub\( \|\$\)" "$w/main" || bad "the main usage does not name $sub"
done
"$sbmbench" >/dev/null 2>&1
rc=$?
[ $rc = 2 ] && ok "no subcommand: usage, exit 2" || bad "no subcommand: exit $rc"

for sub in $subs; do
	h=$w/help.$sub
	"$sbmbench" "$sub" --help >"$h" 2>"$w/err"
	rc=$?
	if [ $rc != 0 ]; then
		bad "$sub --help: exit $rc: $(head -c 400 "$w/err")"
		continue
	fi
	"$sbmbench" "$sub" -h >"$w/h" 2>&1 && cmp -s "$h" "$w/h" ||
		bad "$sub -h differs from $sub --help"
	grep -q "^usage: tools/sbmbench $sub\( \|\$\)" "$h" ||
		bad "$sub --help: no line 'usage: tools/sbmbench $sub ...'"
	last=$(tail -n 1 "$h")
	page=$(echo "$last" | sed -n 's|^Read: docs/\([a-zA-Z0-9/_-]*\.md\) (tools/sbmbench help \([a-zA-Z0-9/_-]*\))$|\1|p')
	topic=$(echo "$last" | sed -n 's|^Read: docs/[a-zA-Z0-9/_-]*\.md (tools/sbmbench help \([a-zA-Z0-9/_-]*\))$|\1|p')
	if [ -z "$page" ] || [ -z "$topic" ]; then
		bad "$sub --help: the last line is not 'Read: docs/PAGE.md (tools/sbmbench help TOPIC)': $last"
	elif [ ! -f "$docs/$page" ]; then
		bad "$sub --help: reads docs/$page, which is not there"
	elif ! "$sbmbench" help "$topic" >"$w/page" 2>"$w/err"; then
		bad "$sub --help: help $topic fails: $(head -c 300 "$w/err")"
	elif ! cmp -s "$w/page" "$docs/$page"; then
		bad "$sub --help: help $topic does not print docs/$page"
	else
		ok "$sub --help: a usage line, ends reading docs/$page (help $topic)"
	fi
	fn=cmd_$(echo "$sub" | tr - _)
	# shellcheck disable=SC2046 # option words, no spaces
	if grep -q "^$fn() {" "$sbmbench"; then
		has_opts "$sub" "$fn" $(case_opts "$sbmbench" "$fn")
	fi
done

# what other programs take on the subcommands' behalf
# shellcheck disable=SC2046 # option words, no spaces
if [ -f "$w/help.fetch" ]; then
	has_opts fetch tools/fetch-results $(case_opts "$SBM_SRCDIR/tools/fetch-results")
fi
# c_check SUB PATTERN: SUB's --help names the options of the C files
# under tools/ that hold PATTERN (its argument loop)
c_check() {
	[ -f "$w/help.$1" ] || return 0
	files=$(grep -rl --include='*.c' -e "$2" "$SBM_SRCDIR/tools")
	if [ -z "$files" ]; then
		bad "no C file under tools/ holds $2 ($1's options)"
		return
	fi
	names=''
	for f in $files; do names="$names ${f#"$SBM_SRCDIR"/}"; done
	# shellcheck disable=SC2046,SC2086 # file names and option words, no spaces
	has_opts "$1" "${names# }" $(c_opts $files)
}
c_check predict '^int model_predict_main('
c_check layouts '^int layouts_main('
c_check preflight '"usage: preflight '
if command -v "$py" >/dev/null 2>&1; then
	# shellcheck disable=SC2046,SC2086 # option words, no spaces
	for x in "db db add" "db db list" "db db compare" "db db export" "db db init" \
		"collect collect" "import-c2c import-c2c" "report html"; do
		sub=${x%% *}
		[ -f "$w/help.$sub" ] || continue
		# html's --out is its other name for --html, the one word that
		# makes report call it
		has_opts "$sub" "sbmdb ${x#* }" $(py_opts ${x#* } | grep -vx -- --out)
	done
	cmds=$(PYTHONPATH=$SBM_SRCDIR/tools PYTHONDONTWRITEBYTECODE=1 "$py" -m sbmdb db --help |
		sed -n '1s/.*{\([a-z,-]*\)}.*/\1/p' | tr , ' ')
	missing=''
	for c in $cmds; do
		grep -q "tools/sbmbench db $c\( \|\$\)" "$w/help.db" || missing="$missing $c"
	done
	[ -n "$cmds" ] && [ -z "$missing" ] && ok "db --help: every db subcommand ($cmds)" ||
		bad "db --help lacks db subcommands:$missing (argparse's: $cmds)"
else
	echo "note: no $py: the argparse options not checked"
fi

# help: every page of docs/, by its topic and first heading
"$sbmbench" help >"$w/list" 2>"$w/err"
rc=$?
[ $rc = 0 ] || bad "help: exit $rc: $(head -c 300 "$w/err")"
pages=0
for f in "$docs"/*.md "$docs"/experiments/*.md; do
	[ -f "$f" ] || continue
	pages=$((pages + 1))
	name=$(basename "$f" .md)
	t=$name
	case $f in
	"$docs"/experiments/*) [ ! -f "$docs/$name.md" ] || t=experiments/$name ;;
	esac
	title=$(awk '/^(```|~~~)/ { code = !code; next }
		!code && /^# / { sub(/^# +/, ""); print; exit }' "$f")
	if ! listed=$(awk -v t="$t" '$1 == t { sub(/^ *[^ ]+ +/, ""); print; n++ } END { exit n != 1 }' "$w/list"); then
		bad "help does not list ${f#"$SBM_SRCDIR"/} once as $t"
	elif [ "$listed" != "$title" ]; then
		bad "help lists $t as '$listed', its heading is '$title'"
	fi
	"$sbmbench" help "$t" >"$w/page" 2>&1 && cmp -s "$w/page" "$f" ||
		bad "help $t does not print ${f#"$SBM_SRCDIR"/}"
	case $f in
	"$docs"/experiments/*)
		"$sbmbench" help "experiments/$name" >"$w/page" 2>&1 && cmp -s "$w/page" "$f" ||
			bad "help experiments/$name does not print ${f#"$SBM_SRCDIR"/}" ;;
	esac
done
listed=$(grep -c '^  ' "$w/list")
[ "$pages" -gt 0 ] && [ "$listed" = "$pages" ] && ok "help lists the $pages pages of docs/, each prints" ||
	bad "help lists $listed topics, docs/ has $pages pages"
if [ -f "$docs/README.md" ]; then
	"$sbmbench" help index >"$w/page" 2>&1 && cmp -s "$w/page" "$docs/README.md" &&
		ok "help index prints docs/README.md" || bad "help index does not print docs/README.md"
fi
PAGER=false "$sbmbench" help "$(awk 'NR == 2 { print $1 }' "$w/list")" >"$w/page" 2>&1 &&
	ok "not a terminal: no pager" || bad "help ran PAGER with its output not a terminal"

for t in nosuchtopic ../README docs/../../README.md; do
	"$sbmbench" help "$t" >"$w/out" 2>"$w/err"
	rc=$?
	[ $rc = 2 ] && [ ! -s "$w/out" ] && grep -qF "'$t'" "$w/err" &&
		ok "help $t: exit 2, named" || bad "help $t: exit $rc: $(cat "$w/err" "$w/out" | head -c 300)"
done
grep -q "$(awk 'NR == 2 { print $1 }' "$w/list")" "$w/err" &&
	ok "an unknown topic's error lists the topics" || bad "an unknown topic's error lists no topic: $(cat "$w/err")"
exit $fail
