#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# A saved result is never lost on its way from the UEFI variables to the
# stick.  Under QEMU with a writable variable store and the stick a FAT
# disk image (QEMU's fat:rw: directory backend mangles files a guest
# writes, so it is never used here), boot after boot:
#   1 a run saves its result (run A);
#   2 restore_test_buf=64 (test only): the firmware refuses part 0 as
#     larger than the restore's buffer (EFI_BUFFER_TOO_SMALL): the run says
#     so, writes nothing, deletes nothing and does not save its own result;
#   3 with a different A.log already on the stick, the next boot restores
#     A as A-2.log and keeps A.log byte for byte; it saves run B;
#   4 restore_test_pause_s (test only): QEMU killed after B.log is written
#     and flushed, before the variables are deleted: B.log is whole on the
#     disk image;
#   5 the next boot finds B again and B.log holding it: it deletes the
#     variables and writes no second file; it saves run C;
#   6 on a full stick the write fails: no file is left, the variables stay,
#     the run says so and does not save its own result;
#   7 with room again (after_restore=stop save=0) C is restored, whole.
set -u

. "$SBM_SRCDIR/tests/boot-lib.sh"

opts='iters=2000 reps=2 gap=0 layouts=global experiment=sbm timeout_ms=20000 hold_s=0'
save_stick "$opts"

# boot N [qemu-run args]: boot the writable stick with the shared
# variable store; its exit status on stdout
boot() {
	local n=$1 rc=0
	shift
	"$SBM_SRCDIR/images/qemu-run" --arch "$SBM_ARCH" --image "$stick" --writable \
		--vars "$w/vars.fd" --smp 1 --timeout 120 --quiet --log "$w/boot$n.log" "$@" \
		2>"$w/qemu-run$n.err" || rc=$?
	echo "$rc"
}
# cfg OPTIONS...: the stick's \sbmbench.cfg
cfg() { echo "$opts $*" >"$w/sbmbench.cfg" && mcopy -o -i "$part" "$w/sbmbench.cfg" ::/sbmbench.cfg || bad "mcopy of the options failed"; }
run_id() { grep -ao '@sbm hello v=1 run=[0-9a-f]*' "$w/boot$1.log" | head -n 1 | sed 's/.*run=//'; }
has() { grep -aqF -- "$2" "$w/boot$1.log"; }
records() { grep -a '^@sbm ' "$w/boot$1.log" | tr -d '\r'; }
files() { mdir -b -i "$part" ::/sbmbench/results 2>/dev/null | sed 's|.*/||' | LC_ALL=C sort | tr '\n' ' '; }
names() { printf '%s\n' "$@" | LC_ALL=C sort | tr '\n' ' '; }
# same FILE N: the stick's results/FILE is boot N's serial records
same() {
	records "$2" >"$w/serial$2.rec"
	mtype -i "$part" "::/sbmbench/results/$1" >"$w/got" 2>/dev/null && cmp -s "$w/got" "$w/serial$2.rec"
}
not_saved='result not saved: the variables still hold an earlier result'

# 1: run A saved
rc=$(boot 1)
a=$(run_id 1)
[ "$rc" = 0 ] && [ -n "$a" ] && has 1 "sbmbench: result saved in 1 UEFI variable" &&
	ok "boot 1: run $a saved" || { bad "boot 1: no saved run (exit $rc)"; boot_evidence restore-boot1 "$w/boot1.log" "$rc"; boot_done; exit; }

# 2: the firmware refuses part 0
cfg restore_test_buf=64
rc=$(boot 2)
has 2 "SbmResult0 cannot be read (EFI_BUFFER_TOO_SMALL: " && has 2 "bytes, more than a part's 64)" &&
	ok "boot 2: says the firmware refused SbmResult0 (EFI_BUFFER_TOO_SMALL)" ||
	{ bad "boot 2: no EFI_BUFFER_TOO_SMALL message"; boot_evidence restore-boot2 "$w/boot2.log" "$rc"; }
has 2 "the variables stay" && has 2 "nothing is written or deleted" &&
	ok "boot 2: keeps the variables" || bad "boot 2: does not say the variables stay"
has 2 "$not_saved" && ok "boot 2: its own result does not replace them" || bad "boot 2: no '$not_saved'"
has 2 "deleted the variables" && bad "boot 2: deleted the variables"
[ -z "$(files)" ] && ok "boot 2: nothing written to the stick" || bad "boot 2: wrote $(files)"
[ "$rc" = 0 ] && ok "boot 2: its run still ends ok" || bad "boot 2: qemu-run exit $rc"

# 3: a different A.log on the stick is kept; A goes to A-2.log
printf '@sbm a different file of the same name\n' >"$w/other.log"
mmd -i "$part" ::/sbmbench ::/sbmbench/results && mcopy -i "$part" "$w/other.log" "::/sbmbench/results/$a.log" ||
	bad "mcopy of the other $a.log failed"
cfg
rc=$(boot 3)
b=$(run_id 3)
has 3 "saved result of run $a found" && ok "boot 3: finds run $a after the refusal" ||
	{ bad "boot 3: run $a lost after boot 2"; boot_evidence restore-boot3 "$w/boot3.log" "$rc"; }
has 3 "wrote \\sbmbench\\results\\$a-2.log and read it back; deleted the variables" &&
	ok "boot 3: wrote $a-2.log" || bad "boot 3: no 'wrote ... $a-2.log'"
mtype -i "$part" "::/sbmbench/results/$a.log" >"$w/got" 2>/dev/null && cmp -s "$w/got" "$w/other.log" &&
	ok "boot 3: the other $a.log kept byte for byte" || bad "boot 3: the other $a.log changed or lost"
same "$a-2.log" 1 && ok "boot 3: $a-2.log = boot 1's serial records" || bad "boot 3: $a-2.log differs from boot 1's records"
[ "$(files)" = "$(names "$a-2.log" "$a.log")" ] && ok "boot 3: two files" || bad "boot 3: files are $(files)"
[ "$rc" = 0 ] && [ -n "$b" ] && has 3 "sbmbench: result saved in 1 UEFI variable" &&
	ok "boot 3: run $b saved" || bad "boot 3: run not saved (exit $rc)"

# 4: QEMU killed between the flushed file and the delete
cfg restore_test_pause_s=600
boot_kill_at 4 "TEST restore_test_pause_s=600: the file is flushed" "before the delete"
has 4 "deleted the variables" && bad "boot 4: deleted the variables before the kill"
same "$b.log" 3 && ok "boot 4: $b.log whole on the disk image after the kill" || bad "boot 4: $b.log not whole after the kill"

# 5: restored again, not duplicated
cfg
rc=$(boot 5)
c=$(run_id 5)
has 5 "\\sbmbench\\results\\$b.log already holds it (an earlier boot wrote it); deleted the variables" &&
	ok "boot 5: finds $b.log holding run $b, deletes the variables" ||
	{ bad "boot 5: no 'already holds it'"; boot_evidence restore-boot5 "$w/boot5.log" "$rc"; }
[ "$(files)" = "$(names "$a-2.log" "$a.log" "$b.log")" ] && ok "boot 5: no second file for run $b" || bad "boot 5: files are $(files)"
same "$b.log" 3 && ok "boot 5: $b.log unchanged" || bad "boot 5: $b.log changed"
[ "$rc" = 0 ] && [ -n "$c" ] && has 5 "sbmbench: result saved in 1 UEFI variable" &&
	ok "boot 5: run $c saved" || bad "boot 5: run not saved (exit $rc)"

# 6: a full stick
cfg
free=$(mdir -i "$part" ::/ | sed -n 's/ *bytes free.*//p' | tr -d ' ')
head -c "${free:-0}" /dev/zero >"$w/filler"
mcopy -i "$part" "$w/filler" ::/filler 2>/dev/null
left=$(mdir -i "$part" ::/ | sed -n 's/ *bytes free.*//p' | tr -d ' ')
[ "$left" = 0 ] && ok "boot 6: the stick is full (a filler of $free bytes)" || bad "boot 6: $left bytes still free"
rc=$(boot 6)
has 6 "saved result of run $c found" && has 6 "could not write it to the stick" && has 6 "the variables stay" &&
	ok "boot 6: says it cannot write, keeps the variables" ||
	{ bad "boot 6: no 'could not write'"; boot_evidence restore-boot6 "$w/boot6.log" "$rc"; }
[ "$(files)" = "$(names "$a-2.log" "$a.log" "$b.log")" ] && ok "boot 6: no partial file" || bad "boot 6: files are $(files)"
has 6 "failed (EFI_VOLUME_FULL" && has 6 "the partial file was removed" &&
	ok "boot 6: says the write failed (EFI_VOLUME_FULL) and the file was removed" || bad "boot 6: no 'partial file was removed'"
has 6 "$not_saved" && ok "boot 6: its own result does not replace them" || bad "boot 6: no '$not_saved'"

# 7: room again: C restored, and after_restore=stop powers off after it
mdel -i "$part" ::/filler || bad "mdel of the filler failed"
cfg after_restore=stop save=0
rc=$(boot 7)
has 7 "wrote \\sbmbench\\results\\$c.log and read it back; deleted the variables" &&
	ok "boot 7: wrote run $c" || { bad "boot 7: run $c not written"; boot_evidence restore-boot7 "$w/boot7.log" "$rc"; }
grep -aq '^@sbm hello' "$w/boot7.log" && bad "boot 7: ran although after_restore=stop" || ok "boot 7: stopped after the restore"
same "$c.log" 5 && ok "boot 7: $c.log = boot 5's serial records (on the image after the power off)" ||
	bad "boot 7: $c.log differs from boot 5's records"
boot_done
