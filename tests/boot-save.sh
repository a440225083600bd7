#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Results without a serial cable, under QEMU with the firmware's variable
# store in writable flash and the image on a writable USB disk image, boot
# after boot as a user would:
#   1 a run saves its compact result in UEFI variables;
#   2 on a read-only stick the next boot cannot write it: it says so, the
#     variables stay and its own run does not replace them (nothing lost);
#   3 on the writable stick it writes \sbmbench\results\<run 1>.log, equal
#     to run 1's serial records, deletes the variables, and runs again;
#   4 with after_restore=stop save=0 it writes run 3's result and stops;
#   5 then nothing is left to restore, and save=0 saves nothing;
#   6-7 a saved result damaged in the flash file is still written, with a
#     warning that counts the damaged records (sbmlog names them);
#   8 a full variable store (save_test_fill=1, test only) is refused with a
#     clear message, and the run still reports on serial;
#   9-10 a test run killed with the store full: the next boot deletes the
#     SbmTestFill variables it left.
set -u

. "$SBM_SRCDIR/tests/boot-lib.sh"

opts='iters=2000 reps=2 gap=0 layouts=global,private experiment=sbm timeout_ms=20000 hold_s=0'
save_stick "$opts"

# boot N [qemu-run args]: boot the stick with the shared variable store
boot() {
	local n=$1 rc=0
	shift
	"$SBM_SRCDIR/images/qemu-run" --arch "$SBM_ARCH" --image "$stick" --vars "$w/vars.fd" \
		--smp 2 --timeout 120 --quiet --log "$w/boot$n.log" "$@" 2>"$w/qemu-run.err" || rc=$?
	echo "$rc"
}
run_id() { grep -ao '@sbm hello v=1 run=[0-9a-f]*' "$1" | head -n 1 | sed 's/.*run=//'; }
has() { grep -aqF -- "$2" "$w/boot$1.log"; }

rc=$(boot 1 --writable)
id1=$(run_id "$w/boot1.log")
[ "$rc" = 0 ] && [ -n "$id1" ] && ok "boot 1: run $id1 ended ok" || { bad "boot 1: qemu-run exit $rc"; boot_evidence save-boot1 "$w/boot1.log" "$rc"; }
has 1 "sbmbench: result saved in 1 UEFI variable" && ok "boot 1: result saved in a variable" || bad "boot 1: no 'result saved'"
has 1 "saved result of run" && bad "boot 1: restored something from a fresh store" || ok "boot 1: nothing to restore from a fresh store"

rc=$(boot 2)
has 2 "saved result of run $id1 found" && ok "boot 2 (read-only stick): finds run $id1" || { bad "boot 2: run $id1 not found"; boot_evidence save-boot2 "$w/boot2.log" "$rc"; }
has 2 "could not write it to the stick" && has 2 "the variables stay" &&
	ok "boot 2: says it cannot write, keeps the variables" || bad "boot 2: no 'could not write' message"
has 2 "result not saved: the variables still hold an earlier result" &&
	ok "boot 2: its own result does not replace the unwritten one" || bad "boot 2: no 'result not saved' message"

rc=$(boot 3 --writable)
id3=$(run_id "$w/boot3.log")
has 3 "saved result of run $id1 found" && ok "boot 3: finds run $id1 again" || bad "boot 3: run $id1 lost after the read-only boot"
has 3 "wrote \\sbmbench\\results\\$id1.log and read it back; deleted the variables" &&
	ok "boot 3: wrote and deleted" || { bad "boot 3: no 'wrote ... deleted'"; boot_evidence save-boot3 "$w/boot3.log" "$rc"; }
[ "$rc" = 0 ] && [ -n "$id3" ] && [ "$id3" != "$id1" ] && ok "boot 3: then ran (run $id3)" || bad "boot 3: no new run (exit $rc)"
if mtype -i "$part" "::/sbmbench/results/$id1.log" >"$w/saved1.log" 2>/dev/null; then
	grep -a '^@sbm ' "$w/boot1.log" | tr -d '\r' >"$w/serial1.rec"
	cmp -s "$w/serial1.rec" "$w/saved1.log" && ok "results/$id1.log = boot 1's serial records, byte for byte" ||
		bad "results/$id1.log differs from boot 1's serial records"
	"$SBM_BUILDDIR/sbmlog" check "$w/saved1.log" >/dev/null && ok "results/$id1.log: every record passes its CRC" ||
		bad "results/$id1.log: damaged records"
	"$SBM_BUILDDIR/sbmlog" report "$w/saved1.log" >"$w/report1.txt" 2>&1 && grep -q '^global ' "$w/report1.txt" &&
		ok "sbmlog report reads the saved file" || bad "sbmlog report of the saved file"
else
	bad "no \\sbmbench\\results\\$id1.log on the stick"
fi

echo "$opts after_restore=stop save=0" >"$w/sbmbench.cfg"
mcopy -o -i "$part" "$w/sbmbench.cfg" ::/sbmbench.cfg || bad "mcopy of the new options failed"
rc=$(boot 4 --writable)
has 4 "wrote \\sbmbench\\results\\$id3.log" && ok "boot 4: wrote run $id3" || bad "boot 4: run $id3 not written"
grep -aq '^@sbm hello' "$w/boot4.log" && bad "boot 4: ran although after_restore=stop" || ok "boot 4: after_restore=stop: no run"
mdir -i "$part" ::/sbmbench/results 2>/dev/null | grep -q "^$id3 *log" && ok "boot 4: results/$id3.log on the stick" || bad "boot 4: results/$id3.log missing"

echo "$opts save=0" >"$w/sbmbench.cfg"
mcopy -o -i "$part" "$w/sbmbench.cfg" ::/sbmbench.cfg || bad "mcopy of the new options failed"
rc=$(boot 5 --writable)
[ "$rc" = 0 ] && ok "boot 5: ran" || bad "boot 5: qemu-run exit $rc"
has 5 "saved result of run" && bad "boot 5: found variables that were deleted" || ok "boot 5: nothing left to restore"
has 5 "save=0: result not kept" && ok "boot 5: save=0 keeps nothing" || bad "boot 5: no save=0 message"

echo "$opts" >"$w/sbmbench.cfg"
mcopy -o -i "$part" "$w/sbmbench.cfg" ::/sbmbench.cfg || bad "mcopy of the new options failed"
rc=$(boot 6 --writable)
id6=$(run_id "$w/boot6.log")
has 6 "sbmbench: result saved in" && ok "boot 6: run $id6 saved" || { bad "boot 6: not saved (exit $rc)"; boot_evidence save-boot6 "$w/boot6.log" "$rc"; }
# one byte of run 6's global result changed in the flash file itself
off=$(grep -abo "run=$id6 layout=global op=" "$w/vars.fd" | head -n 1 | cut -d: -f1)
if [ -n "$off" ]; then
	printf 'X' | dd of="$w/vars.fd" bs=1 seek=$((off + 20)) conv=notrunc 2>/dev/null
	rc=$(boot 7 --writable)
	has 7 "WARNING: 1 of its records are damaged" && ok "boot 7: says 1 record is damaged" || { bad "boot 7: no damaged-record warning"; boot_evidence save-boot7 "$w/boot7.log" "$rc"; }
	has 7 "wrote \\sbmbench\\results\\$id6.log" && ok "boot 7: still writes run $id6" || bad "boot 7: run $id6 not written"
	[ "$rc" = 0 ] && ok "boot 7: its own run ends ok" || bad "boot 7: qemu-run exit $rc"
	mtype -i "$part" "::/sbmbench/results/$id6.log" >"$w/saved6.log" 2>/dev/null
	"$SBM_BUILDDIR/sbmlog" check "$w/saved6.log" >"$w/check6" 2>&1
	grep -q ' 1 rejected' "$w/check6" && ok "sbmlog check names exactly 1 rejected record" || bad "sbmlog check of the damaged result: $(cat "$w/check6")"
else
	bad "run $id6's records not found in the variable store file"
fi

echo "$opts save_test_fill=1" >"$w/sbmbench.cfg"
mcopy -o -i "$part" "$w/sbmbench.cfg" ::/sbmbench.cfg || bad "mcopy of the new options failed"
rc=$(boot 8 --writable)
has 8 "TEST save_test_fill=1: filled the variable store" && ok "boot 8: store filled (test hook)" || bad "boot 8: store not filled"
has 8 "result not saved in UEFI variables: the variable store is too full" &&
	ok "boot 8: a full store is refused with a clear message" || { bad "boot 8: no 'too full' refusal"; boot_evidence save-boot8 "$w/boot8.log" "$rc"; }
[ "$rc" = 0 ] && grep -aq '^@sbm end v=1 .*status=ok' "$w/boot8.log" && ok "boot 8: the run still reports on serial" || bad "boot 8: exit $rc"

# 9: a test run killed after it filled the store (its save would have
# deleted the fill); 10: the next boot deletes what it left
echo "$opts save_test_fill=1 iters=100000000 reps=20" >"$w/sbmbench.cfg"
mcopy -o -i "$part" "$w/sbmbench.cfg" ::/sbmbench.cfg || bad "mcopy of the new options failed"
boot_kill_at 9 "TEST save_test_fill=1: filled the variable store" "after filling the store"
# variable names are UCS-2 in the flash file
tr -d '\000' <"$w/vars.fd" | grep -aq "SbmTestFill0000" && ok "boot 9: the fill is in the flash file" || bad "boot 9: no SbmTestFill in the flash file"
echo "$opts" >"$w/sbmbench.cfg"
mcopy -o -i "$part" "$w/sbmbench.cfg" ::/sbmbench.cfg || bad "mcopy of the new options failed"
rc=$(boot 10 --writable)
grep -aq "sbmbench: deleted [1-9][0-9]* SbmTestFill variables a test run left" "$w/boot10.log" &&
	ok "boot 10: the leftover fill deleted at start" || { bad "boot 10: leftover fill not deleted"; boot_evidence save-boot10 "$w/boot10.log" "$rc"; }
# edk2 counts deleted variables as used until it reclaims them at a later
# boot: boot 10's own result may be refused as too full, boot 11's not
[ "$rc" = 0 ] && ok "boot 10: ran" || bad "boot 10: exit $rc"
rc=$(boot 11 --writable)
tr -d '\000' <"$w/vars.fd" | grep -aq "SbmTestFill0000" && bad "boot 11: SbmTestFill still in the flash file" || ok "boot 11: no SbmTestFill left in the flash file"
has 11 "sbmbench: result saved in" && ok "boot 11: results saved again" || { bad "boot 11: not saved (exit $rc)"; boot_evidence save-boot11 "$w/boot11.log" "$rc"; }
boot_done
