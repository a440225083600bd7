#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# tools/sbmbench db (issue #23): add, list, compare, export; a run added
# twice is kept once; a damaged or incomplete run is stored with its
# status; a newer image's unknown keys are kept and named; a database of
# a newer schema, or no database at all, is refused untouched; a schema 1
# database is migrated to 3 with its runs; the typed tables are the record
# schema's, and grow with it; values are data, never SQL.
set -u
# configure's python3 (Debian's first): tools/sbmbench runs the same
py=${SBM_PYTHON:-python3}
sbmbench=$SBM_SRCDIR/tools/sbmbench
logs=$SBM_SRCDIR/tests/logs
sign=$SBM_BUILDDIR/tests/sbm-sign
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }
SBM_SBMLOG=$SBM_BUILDDIR/sbmlog
export SBM_SBMLOG
command -v "$py" >/dev/null || { echo "FAIL: $py not found"; exit 1; }
db=$w/r.sqlite
sbm() { "$sbmbench" "$@" >"$w/out" 2>"$w/err"; }
# sql DB QUERY: one value (Python's sqlite3, as the tool uses)
sql() {
	"$py" -c 'import sqlite3, sys
con = sqlite3.connect(sys.argv[1])
print(con.execute(sys.argv[2]).fetchone()[0])' "$1" "$2"
}
sum() { "$py" -c 'import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], "rb").read()).hexdigest())' "$1"; }

# add and list: three whole runs
sbm db add --db "$db" "$logs/twin-x86_64-all.log" "$logs/two-runs.log"; rc=$?
[ $rc = 0 ] && ok "add: exit 0" || bad "add: exit $rc: $(cat "$w/err")"
[ "$(sql "$db" 'SELECT count(*) FROM run')" = 3 ] && ok "add: 3 runs stored" || bad "add: runs stored"
[ "$(sql "$db" "SELECT count(*) FROM record")" = 110 ] && ok "add: every record kept (76 + 17 + 17)" || bad "add: records $(sql "$db" 'SELECT count(*) FROM record')"
[ "$(sql "$db" "SELECT count(*) FROM result WHERE run_id = 1")" = 12 ] &&
	[ "$(sql "$db" "SELECT count(*) FROM c2c")" = 1 ] &&
	[ "$(sql "$db" "SELECT count(*) FROM scale")" = 12 ] &&
	[ "$(sql "$db" "SELECT count(*) FROM noise")" = 2 ] &&
	[ "$(sql "$db" "SELECT count(*) FROM rw")" = 6 ] &&
	[ "$(sql "$db" "SELECT count(*) FROM proof")" = 1 ] &&
	ok "add: results, c2c, scale, noise, rw, proof in their tables" || bad "add: typed tables"
[ "$(sql "$db" "SELECT ci95 FROM result WHERE layout = 'global' AND gap = 1000")" = 4498.68636 ] &&
	ok "add: results per layout and gap with their interval" || bad "add: ci95 of global at gap 1000"
sbm db list --db "$db"
[ "$(grep -c ' ok ' "$w/out")" = 3 ] && grep -q 'f05575e7' "$w/out" && ok "list: 3 runs, ok" || bad "list: $(cat "$w/out")"

# twice: kept once
sbm db add --db "$db" "$logs/two-runs.log"; rc=$?
[ $rc = 0 ] && grep -q 'already stored as #2: kept once' "$w/err" && ok "add twice: said kept once" || bad "add twice: exit $rc $(cat "$w/err")"
[ "$(sql "$db" 'SELECT count(*) FROM run')" = 3 ] && ok "add twice: still 3 runs" || bad "add twice: runs duplicated"

# damaged: stored with its status, rejected lines named, exit 1
sbm db add --db "$db" "$logs/damaged.log"; rc=$?
[ $rc = 1 ] && ok "damaged: exit 1" || bad "damaged: exit $rc"
grep -q 'run 54fdfb4f is incomplete: stored with that status' "$w/err" && grep -q '6 records rejected' "$w/err" &&
	ok "damaged: said incomplete, 6 rejected" || bad "damaged: messages $(cat "$w/err")"
[ "$(sql "$db" "SELECT status FROM run WHERE run_hex = '54fdfb4f'")" = incomplete ] &&
	[ "$(sql "$db" 'SELECT count(*) FROM reject')" = 6 ] && ok "damaged: status incomplete and its rejects stored" ||
	bad "damaged: not stored with status"
# the whole run later: the partial copy is replaced, nothing lost
sbm db add --db "$db" "$logs/twin-x86_64.log"
grep -q 'replacing the partial copy' "$w/err" && [ "$(sql "$db" "SELECT status FROM run WHERE run_hex = '54fdfb4f'")" = ok ] &&
	[ "$(sql "$db" "SELECT count(*) FROM run WHERE run_hex = '54fdfb4f'")" = 1 ] &&
	ok "whole run after the damaged copy: one run, ok" || bad "whole run after damaged: $(cat "$w/err")"
sbm db add --db "$db" "$logs/damaged.log"
grep -q 'kept once' "$w/err" && [ "$(sql "$db" "SELECT status FROM run WHERE run_hex = '54fdfb4f'")" = ok ] &&
	ok "damaged copy after the whole run: the whole one kept" || bad "damaged after whole: $(cat "$w/err")"

# a newer image: unknown keys and kinds kept and named; hostile values
# are data (bound parameters), CSV round-trips them (RFC 4180)
r='v=1 run=0ddba11c'
cat >"$w/newer.body" <<EOF
@sbm hello $r version=9.0.0 arch=x86_64 platform=uefi virt=none cpu_model="Future CPU" counter=tsc counter_hz=1000000000 hz_source=cpuid cycles=0 future_key=7
@sbm topo $r cpus=2 packages=1 nodes=1 llcs=1 cores=2 smt=1 line=64 llc_source=cpuid node_source=srat
@sbm result $r layout=global op=lock_bts mode=loop cpus=2 iters=1000 reps=5 unit=ticks/iter median=100.0 mean=100.0 min=90 max=110 stddev=1 cv=1 rep_cv=1 ns=100.0 clean=1 gap=0 ci95=1.0 new_figure=1.5
@sbm result $r layout=llc op=lock_bts mode=loop cpus=2 iters=1000 reps=5 unit=ticks/iter median=100.0 mean=100.0 min=90 max=110 stddev=1 cv=1 rep_cv=1 ns=100.0 clean=1 gap=0 ci95=5.0
@sbm warn $r what=x');DROP,"TABLE id=1 msg="comma, and 'quote'"
@sbm future $r x=1
@sbm end $r status=ok warnings=1 records=6
EOF
"$sign" <"$w/newer.body" >"$w/newer.log"
sbm db add --db "$db" "$w/newer.log"; rc=$?
[ $rc = 0 ] && grep -q 'keys from a newer image, kept: hello.future_key, result.new_figure, future.\*' "$w/err" &&
	ok "unknown keys: named on add" || bad "unknown keys: exit $rc $(cat "$w/err")"
[ "$(sql "$db" "SELECT value FROM field WHERE key = 'future_key' AND known = 0")" = 7 ] &&
	[ "$(sql "$db" "SELECT count(*) FROM record WHERE kind = 'future'")" = 1 ] &&
	ok "unknown keys: kept with their values" || bad "unknown keys: not kept"
sbm db list --db "$db"
grep -q '0ddba11c.*unknown keys: hello.future_key,result.new_figure,future' "$w/out" && ok "list: names the unknown keys" || bad "list: unknown keys not named"
[ "$(sql "$db" "SELECT what FROM warn WHERE run_id = (SELECT id FROM run WHERE run_hex = '0ddba11c')")" = "x');DROP,\"TABLE" ] &&
	[ "$(sql "$db" "SELECT count(*) FROM sqlite_master WHERE name = 'run'")" = 1 ] &&
	ok "hostile value stored as data" || bad "hostile value"

# a second run of the same machine, one figure moved beyond the intervals
sed 's/0ddba11c/0ddba11d/; s/future_key=7/future_key=8/; s/median=100.0 mean=100.0 min=90 max=110 stddev=1 cv=1 rep_cv=1 ns=100.0 clean=1 gap=0 ci95=1.0/median=103 mean=103 min=90 max=110 stddev=1 cv=1 rep_cv=1 ns=103 clean=1 gap=0 ci95=1.0/; s/layout=llc \(.*\)mean=100.0/layout=llc \1mean=104.0/' \
	"$w/newer.body" | "$sign" >"$w/newer2.log"
sbm db add --db "$db" "$w/newer2.log"
sbm db compare --db "$db" 0ddba11c 0ddba11d; rc=$?
[ $rc = 0 ] && ok "compare: exit 0" || bad "compare: exit $rc $(cat "$w/err")"
# global: 100 +- 1 against 103 +- 1 ns: apart by more than both intervals;
# llc: 100 +- 5 against 104 +- 5: within
grep -Eq '^global +lock_bts +0 +100.000 \+- 1.000 +103.000 \+- 1.000 +\+3.0% +EXCEEDS' "$w/out" &&
	grep -Eq '^llc +lock_bts +0 +100.000 \+- 5.000 +104.000 \+- 5.000 +\+4.0% +within' "$w/out" &&
	grep -q '^1 differences exceed the 95 % intervals' "$w/out" &&
	ok "compare: per layout and gap, intervals, which differences exceed them" || bad "compare: $(cat "$w/out")"
# noise beside noise: the twin's 105 + 144 gaps, the longest 40116471 ns
sbm db compare --db "$db" f05575e7 e1a51393
grep -Eq '^  #1 f05575e7 +249 gaps, 358156424 ns, longest 40116471 ns' "$w/out" && grep -Eq '^  #2 e1a51393 +-$' "$w/out" &&
	ok "compare: noise of both runs" || bad "compare noise: $(cat "$w/out")"
sbm db compare --db "$db" '#1' nosuchrun; rc=$?
[ $rc = 2 ] && grep -q 'no run nosuchrun' "$w/err" && ok "compare: unknown run refused" || bad "compare: unknown run: exit $rc"

# export: a CSV per table, RFC 4180 (read back whole by Python's csv)
sbm db export --db "$db" --csv "$w/csv"; rc=$?
[ $rc = 0 ] && [ -f "$w/csv/result.csv" ] && [ -f "$w/csv/c2c.csv" ] && [ -f "$w/csv/field.csv" ] &&
	ok "export: CSV files" || bad "export: exit $rc"
"$py" - "$w/csv" "$db" <<'EOF' && ok "export: rows and values equal the database's" || bad "export: CSV differs"
import csv, sqlite3, sys
d, con = sys.argv[1], sqlite3.connect(sys.argv[2])
for t in ('run', 'result', 'warn', 'field', 'c2c', 'noise'):
    rows = list(csv.reader(open('%s/%s.csv' % (d, t), newline='')))
    n = con.execute('SELECT count(*) FROM "%s"' % t).fetchone()[0]
    assert len(rows) == n + 1, (t, len(rows), n)
warn = list(csv.DictReader(open(d + '/warn.csv', newline='')))
assert any(r['what'] == 'x\');DROP,"TABLE' and r['msg'] == "comma, and 'quote'" for r in warn), warn
raw = open(d + '/warn.csv', 'rb').read()
assert b'"x\');DROP,""TABLE"' in raw and b'\r\n' in raw, raw
EOF

# a newer schema: refused with a message, file untouched
cp "$db" "$w/new.sqlite"
"$py" -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("PRAGMA user_version = 99"); c.commit()' "$w/new.sqlite"
before=$(sum "$w/new.sqlite")
sbm db add --db "$w/new.sqlite" "$logs/riscv64-qemu.log"; rc=$?
[ $rc = 2 ] && grep -q 'schema version 99 is newer than this sbmbench knows' "$w/err" &&
	ok "newer schema: refused with a message" || bad "newer schema: exit $rc $(cat "$w/err")"
sbm db list --db "$w/new.sqlite"; rc2=$?
[ $rc2 = 2 ] && [ "$(sum "$w/new.sqlite")" = "$before" ] && ok "newer schema: file untouched" || bad "newer schema: changed or listed"
# not a database: refused, untouched
cp "$logs/two-runs.log" "$w/text.sqlite"
sbm db add --db "$w/text.sqlite" "$logs/two-runs.log"; rc=$?
[ $rc = 2 ] && grep -q 'not an SQLite database' "$w/err" && cmp -s "$logs/two-runs.log" "$w/text.sqlite" &&
	ok "not a database: refused, untouched" || bad "not a database: exit $rc"
sbm db add --db "$db" "$w/no-such.log"; rc=$?
[ $rc = 2 ] && grep -q 'no-such.log: no such file' "$w/err" && [ "$(sql "$db" 'SELECT count(*) FROM run')" = 6 ] &&
	ok "missing log: refused, nothing lost" || bad "missing log: exit $rc"

# migration: a schema 1 database with a run, opened by this schema (3):
# 2's tables added, 1's hand-made typed tables replaced by the schema's,
# rebuilt from the records kept whole (a stale row in 1's result table
# does not survive)
sbm db init --db "$w/v1.sqlite" --schema 1
PYTHONPATH=$SBM_SRCDIR/tools "$py" -c 'import sys
from sbmdb import store
con = store.open_db(sys.argv[1], schema=1)
store.add_log(con, sys.argv[2])
con.execute("INSERT INTO result (run_id, seq, layout) VALUES (1, 0, ?)", ("stale",))' "$w/v1.sqlite" "$logs/twin-x86_64-all.log" ||
	bad "migration: could not fill a schema 1 database"
[ "$(sql "$w/v1.sqlite" 'PRAGMA user_version')" = 1 ] &&
	[ "$(sql "$w/v1.sqlite" "SELECT count(*) FROM sqlite_master WHERE name = 'published'")" = 0 ] &&
	ok "schema 1: made, no published tables" || bad "schema 1: not made"
sbm db list --db "$w/v1.sqlite"; rc=$?
[ $rc = 0 ] && [ "$(sql "$w/v1.sqlite" 'PRAGMA user_version')" = 3 ] &&
	[ "$(sql "$w/v1.sqlite" "SELECT count(*) FROM sqlite_master WHERE name IN ('published', 'published_pair', 'result_by_layout_gap', 'kind_table', 'scale_summary')")" = 5 ] &&
	ok "migration 1 -> 3: tables and indexes added" || bad "migration: exit $rc, version $(sql "$w/v1.sqlite" 'PRAGMA user_version')"
[ "$(sql "$w/v1.sqlite" 'SELECT count(*) FROM record')" = 76 ] && grep -q f05575e7 "$w/out" &&
	[ "$(sql "$w/v1.sqlite" "SELECT count(*) FROM result WHERE run_id = 1")" = 12 ] &&
	[ "$(sql "$w/v1.sqlite" "SELECT count(*) FROM result WHERE layout = 'stale'")" = 0 ] &&
	[ "$(sql "$w/v1.sqlite" "SELECT count(*) FROM cpu WHERE id IS NOT NULL")" = 2 ] &&
	ok "migration 1 -> 3: the stored run kept, its typed tables rebuilt from its records" || bad "migration: run lost"

# the typed tables are the schema's: a table per kind, a column per key
# in the schema's order, typed by the key's type (no list in Python)
"$SBM_SBMLOG" schema >"$w/schema"
"$py" - "$db" "$w/schema" <<'EOF' && ok "typed tables: every kind and key of sbmlog schema, typed" || bad "typed tables differ from the schema"
import sqlite3, sys
con = sqlite3.connect(sys.argv[1])
want = {}
for line in open(sys.argv[2]):
    w = line.split()
    if w[0] == 'kind':
        want[w[1]] = []
    else:
        want[w[1]].append((w[2], w[3]))
types = {'u64': 'INTEGER', 'u64-or-never': 'INTEGER', 'dbl': 'REAL'}
tables = dict(con.execute('SELECT kind, tbl FROM kind_table'))
assert set(tables) == set(want), set(tables) ^ set(want)
for kind, keys in want.items():
    info = con.execute('PRAGMA table_info("%s")' % tables[kind]).fetchall()
    got = [(c[1], c[2]) for c in info][3:]
    exp = [(k, types.get(t, 'TEXT')) for k, t in keys]
    assert got == exp, (kind, got, exp)
assert tables['scale-summary'] == 'scale_summary'
assert con.execute("SELECT doubles_at FROM scale_summary WHERE layout = 'llc' AND run_id = 1").fetchone() == (2,)
assert con.execute("SELECT llc_wins_from FROM scale_summary WHERE layout = 'llc' AND run_id = 1").fetchone() == ('never',)
EOF

# the machine is told apart by the hello keys the schema marks machine,
# and by nothing else (no list of them in Python)
"$py" - "$db" "$w/schema" <<'EOF' && ok "machine: the schema's machine keys name it" || bad "machine table differs from the schema's machine keys"
import sqlite3, sys
con = sqlite3.connect(sys.argv[1])
want = [w[2] for w in (l.split() for l in open(sys.argv[2]))
        if w[0] == 'key' and w[1] == 'hello' and w[5:] == ['machine']]
assert 'arch' in want and 'cpu_model' in want and 'bios_version' not in want
cols = [c[1] for c in con.execute('PRAGMA table_info(machine)')][2:]
assert cols == want, (cols, want)
# the firmware a run booted on: the keys the schema marks firmware, each
# a column of the run table (no list of them in Python either)
fw = [w[2] for w in (l.split() for l in open(sys.argv[2]))
      if w[0] == 'key' and w[1] == 'hello' and w[5:] == ['firmware']]
assert fw == ['bios_vendor', 'bios_version', 'bios_date', 'microcode'], fw
runcols = [c[1] for c in con.execute('PRAGMA table_info(run)')]
assert all(k in runcols for k in fw), (fw, runcols)
# a run at a glance: hello's and topo's keys the schema marks summary
sm = [w[2] for w in (l.split() for l in open(sys.argv[2]))
      if w[0] == 'key' and w[1] in ('hello', 'topo') and w[5:] == ['summary']]
assert 'cpus' in sm and 'counter_hz' in sm and 'arch' not in sm, sm
assert all(k in runcols for k in sm), (sm, runcols)
assert con.execute('SELECT COUNT(*) FROM run WHERE cpus IS NULL').fetchone()[0] \
    < con.execute('SELECT COUNT(*) FROM run').fetchone()[0]
idents = [i for (i,) in con.execute('SELECT ident FROM machine')]
assert idents
for ident in idents:
    keys = [p.split('=', 1)[0] for p in ident.split('|')]
    assert keys and all(k in want for k in keys), ident
    assert keys == sorted(keys, key=want.index), ident
EOF

# a kind and keys the schema adds later (a newer sbmlog): their table and
# columns appear on the next open, filled from the records kept whole,
# and the keys are no longer named unknown
cat >"$w/sbmlog-newer" <<EOF
#!/bin/sh
if [ "\$1" = schema ]; then
	"$SBM_SBMLOG" schema && printf 'key result new_figure dbl ns\nkind future rest 5 one\nkey future x u64 -\nkey hello new_fw str - firmware\nkey topo new_sum u64 - summary\n'
	exit
fi
exec "$SBM_SBMLOG" "\$@"
EOF
chmod +x "$w/sbmlog-newer"
SBM_SBMLOG=$w/sbmlog-newer sbm db list --db "$db"; rc=$?
[ $rc = 0 ] && [ "$(sql "$db" "SELECT new_figure FROM result WHERE new_figure IS NOT NULL")" = 1.5 ] &&
	[ "$(sql "$db" "SELECT x FROM future")" = 1 ] &&
	[ "$(sql "$db" "SELECT unknown FROM run WHERE run_hex = '0ddba11c'")" = hello.future_key ] &&
	[ "$(sql "$db" "SELECT known FROM field WHERE key = 'new_figure'")" = 1 ] &&
	sql "$db" "SELECT new_fw FROM run" >/dev/null &&
	[ "$(sql "$db" "SELECT type FROM pragma_table_info('run') WHERE name = 'new_sum'")" = INTEGER ] &&
	ok "a newer schema's kind and key: table and column added and filled, no longer unknown; a firmware key and a summary key run columns" ||
	bad "newer schema: exit $rc $(cat "$w/err") $(sql "$db" "SELECT unknown FROM run WHERE run_hex = '0ddba11c'")"
# this sbmlog again: the database keeps the column and fills it
sed 's/0ddba11c/0ddba11f/; s/new_figure=1.5/new_figure=2.5/; s/ future_key=7//; /@sbm future/d; s/records=6/records=5/' \
	"$w/newer.body" | "$sign" >"$w/newer3.log"
sbm db add --db "$db" "$w/newer3.log"; rc=$?
[ $rc = 0 ] && [ "$(sql "$db" "SELECT new_figure FROM result JOIN run ON run.id = run_id WHERE run_hex = '0ddba11f' AND layout = 'global'")" = 2.5 ] &&
	[ "$(sql "$db" "SELECT unknown FROM run WHERE run_hex = '0ddba11f'")" = '' ] &&
	ok "an older sbmlog after it: the added column kept, filled, known" || bad "older sbmlog after a newer: exit $rc $(cat "$w/err")"

# quoted values with blanks and key=value text in them keep their bounds
# (sbmlog prints them unquoted; the BMC warning says "(bmc_watchdog=stop)")
r='v=1 run=0ddba11e'
"$sign" >"$w/quoted.log" <<EOF
@sbm hello $r version=1 arch=x86_64 platform=uefi virt=none cpu_model="Xeon layout=fake" counter=tsc counter_hz=1000000000 hz_source=cpuid cycles=0
@sbm warn $r what=bmc id=0 msg="BMC watchdog was running; stopped (bmc_watchdog=stop): action=hard-reset"
@sbm end $r status=ok warnings=1 records=2
EOF
sbm db add --db "$db" "$w/quoted.log"
[ "$(sql "$db" "SELECT msg FROM warn WHERE what = 'bmc'")" = 'BMC watchdog was running; stopped (bmc_watchdog=stop): action=hard-reset' ] &&
	[ "$(sql "$db" "SELECT cpu_model FROM machine WHERE cpu_model LIKE 'Xeon%'")" = 'Xeon layout=fake' ] &&
	[ "$(sql "$db" "SELECT unknown FROM run WHERE run_hex = '0ddba11e'")" = '' ] &&
	ok "quoted values with key=value text: kept whole, no false keys" || bad "quoted values split: $(cat "$w/err")"

# a hostile file name (quotes, $( ), a tab, a byte that is not UTF-8):
# stored, listed and said as printable ASCII
# shellcheck disable=SC2016 # the backquotes and $( ) are the name's
hn=$(printf '%s/h`x`$(y)\377, "q\tz.log' "$w")
cp "$logs/riscv64-qemu.log" "$hn"
sbm db add --db "$db" "$hn"; rc=$?
cp "$w/err" "$w/add.err"
sbm db list --db "$db"
# shellcheck disable=SC2016 # the same, printed inert
[ $rc = 0 ] && grep -qF 'h`x`$(y)\xff, "q\x09z.log' "$w/out" && grep -qF 'h`x`$(y)\xff, "q\x09z.log: run 54fdfb4f' "$w/add.err" &&
	! LC_ALL=C grep -q '[^ -~]' "$w/out" "$w/add.err" && ok "hostile file name: stored and shown inert" ||
	bad "hostile file name: exit $rc $(cat "$w/add.err")"

# a picture of the final screen: its QR codes (a stand-in decoder)
cat >"$w/zbar" <<'EOF'
#!/bin/sh
for pic; do :; done
tail -n +2 "$pic"
EOF
chmod +x "$w/zbar"
{ printf 'P6\nsbmbench qr part 1 of 1\n'; grep '^@sbm' "$logs/screen-qr.records"; } >"$w/screen.ppm"
SBM_ZBARIMG=$w/zbar sbm db add --db "$db" "$w/screen.ppm"; rc=$?
[ $rc = 1 ] && grep -q 'screen.ppm: run d5404150 (7 records, status partial)' "$w/err" &&
	[ "$(sql "$db" "SELECT name FROM log JOIN run ON log.id = log_id WHERE run_hex = 'd5404150'")" = "$w/screen.ppm" ] &&
	ok "picture: its run stored, partial, named by the picture" || bad "picture: exit $rc $(cat "$w/err")"

# two architectures: x86 lock_or against riscv amoor on the same layouts
# and gaps pair by layout and gap, both ops named, never "only in A/B";
# a layout one run lacks is still only in the other
pair_logs() {
	r='v=1 run=0ddba120'
	"$sign" >"$w/x86.log" <<EOF
@sbm hello $r version=1 arch=x86_64 platform=uefi virt=none cpu_model=Xeon counter=tsc counter_hz=1000000000 hz_source=cpuid cycles=0
@sbm result $r layout=global op=lock_or mode=loop cpus=2 iters=1000 reps=3 unit=ticks/iter median=100 mean=100.0 min=90 max=110 stddev=1 cv=1 rep_cv=1 ns=100.0 clean=1 gap=0 ci95=1.0 pct=100
@sbm result $r layout=llc-u8 op=xchg mode=loop cpus=2 iters=1000 reps=3 unit=ticks/iter median=50 mean=50.0 min=40 max=60 stddev=1 cv=1 rep_cv=1 ns=50.0 clean=1 gap=0 ci95=1.0 pct=50
@sbm result $r layout=global op=lock_or mode=loop cpus=2 iters=1000 reps=3 unit=ticks/iter median=2100 mean=2100.0 min=2000 max=2200 stddev=1 cv=1 rep_cv=1 ns=2100.0 clean=1 gap=1000 ci95=2.0 pct=100
@sbm result $r layout=llc-u8 op=xchg mode=loop cpus=2 iters=1000 reps=3 unit=ticks/iter median=2050 mean=2050.0 min=2000 max=2100 stddev=1 cv=1 rep_cv=1 ns=2050.0 clean=1 gap=1000 ci95=2.0 pct=97
@sbm end $r status=ok warnings=0 records=5
EOF
	r='v=1 run=0ddba121'
	"$sign" >"$w/riscv.log" <<EOF
@sbm hello $r version=1 arch=riscv64 platform=opensbi virt=none cpu_model=riscv64 counter=time counter_hz=10000000 hz_source=dt cycles=0
@sbm result $r layout=global op=amoor mode=loop cpus=2 iters=1000 reps=3 unit=ticks/iter median=2 mean=2.0 min=1 max=3 stddev=0.1 cv=1 rep_cv=1 ns=200.0 clean=1 gap=0 ci95=0.01 pct=100
@sbm result $r layout=node op=amoor mode=loop cpus=2 iters=1000 reps=3 unit=ticks/iter median=2 mean=2.0 min=1 max=3 stddev=0.1 cv=1 rep_cv=1 ns=200.0 clean=1 gap=0 ci95=0.01 pct=100
@sbm result $r layout=llc-u8 op=amoor_b mode=loop cpus=2 iters=1000 reps=3 unit=ticks/iter median=1 mean=1.0 min=1 max=2 stddev=0.1 cv=1 rep_cv=1 ns=100.0 clean=1 gap=0 ci95=0.01 pct=50
@sbm result $r layout=global op=amoor mode=loop cpus=2 iters=1000 reps=3 unit=ticks/iter median=22 mean=22.0 min=21 max=23 stddev=0.1 cv=1 rep_cv=1 ns=2200.0 clean=1 gap=1000 ci95=0.01 pct=100
@sbm result $r layout=llc-u8 op=amoor_b mode=loop cpus=2 iters=1000 reps=3 unit=ticks/iter median=21 mean=21.0 min=20 max=22 stddev=0.1 cv=1 rep_cv=1 ns=2100.0 clean=1 gap=1000 ci95=0.01 pct=95
@sbm end $r status=ok warnings=0 records=6
EOF
}
pair_logs
sbm db add --db "$db" "$w/x86.log" "$w/riscv.log"
sbm db compare --db "$db" 0ddba120 0ddba121; rc=$?
# global at gap 0: 100 +- 1 ns (x86) against 200 +- 1 ns (riscv)
[ $rc = 0 ] && grep -Eq '^global +lock_or/amoor +0 +100.000 \+- 1.000 +200.000 \+- 1.000 +\+100.0% +EXCEEDS' "$w/out" &&
	grep -Eq '^llc-u8 +xchg/amoor_b +0 +50.000 \+- 1.000 +100.000 \+- 1.000 ' "$w/out" &&
	grep -Eq '^global +lock_or/amoor +1000 +2100.000 \+- 2.000 +2200.000 \+- 1.000 ' "$w/out" &&
	grep -Eq '^llc-u8 +xchg/amoor_b +1000 +2050.000 \+- 2.000 +2100.000 \+- 1.000 ' "$w/out" &&
	grep -Eq '^node +amoor +0 +- +200.000 \+- 1.000 .*only in B$' "$w/out" &&
	! grep -q 'only in A' "$w/out" && [ "$(grep -c 'only in B' "$w/out")" = 1 ] &&
	ok "compare x86_64 with riscv64: rows paired by layout and gap, both ops named" ||
	bad "compare across architectures: exit $rc $(cat "$w/out")"

# UTF-8 from the image (SMBIOS names): stored whole, in quoted and bare
# values; a right-to-left override stays escaped as sbmlog shows it
r='v=1 run=0ddba122'
u8=$(printf '\303\234n\303\257code')
"$sign" >"$w/utf8.log" <<EOF
@sbm hello $r version=1 arch=x86_64 platform=uefi virt=none cpu_model="Acme $u8 $(printf '\342\200\256')x" counter=tsc counter_hz=1000000000 hz_source=cpuid cycles=0 sys_vendor=$u8
@sbm end $r status=ok warnings=0 records=1
EOF
sbm db add --db "$db" "$w/utf8.log"; rc=$?
[ $rc = 0 ] && [ "$(sql "$db" "SELECT sys_vendor FROM machine WHERE sys_vendor LIKE '%code'")" = "$u8" ] &&
	[ "$(sql "$db" "SELECT cpu_model FROM hello WHERE sys_vendor LIKE '%code'")" = "Acme $u8 \\xe2\\x80\\xaex" ] &&
	ok "UTF-8: stored whole; a mark that reorders text escaped" ||
	bad "UTF-8: exit $rc, $(sql "$db" "SELECT cpu_model FROM hello WHERE sys_vendor LIKE '%code'")"

exit $fail
