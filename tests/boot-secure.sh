#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Secure Boot enforced (images/qemu-run --secure-boot: OVMF or AAVMF with
# Debian's snakeoil keys enrolled):
#   1 the tree's image signed with the snakeoil key by tools/sbmbench sign
#     boots, runs to a good end and says secure_boot=1 in hello;
#   2 the unsigned image is refused by the firmware ("Access Denied"), and
#     nothing of ours ran: not one record, not one line of our banner.
# SBM_GEN=current runs both under today's firmware (strict NX).
# The firmware then falls to its shell or boot menu, so boot 2 is stopped
# once the refusal is on the console (or at a deadline).
set -u

. "$SBM_SRCDIR/tests/boot-lib.sh"

case $SBM_ARCH in
x86_64|arm64) ;;
*) echo "UEFI images only (this tree: $SBM_ARCH)"; exit 77 ;;
esac
w=$boot_tmp
# SBM_GEN=current (tests/boot-secure-current.sh): QEMU 10 and edk2
# 2025.02 from deps/current, the firmware that also enforces NX on
# loaded images (strictnx), as 2024-25 server firmware does
# (Debian 13 re-issued the snakeoil certificate: each generation's own)
gen=${SBM_GEN:-debian12} fw=(--gen "${SBM_GEN:-debian12}")
if [ "$gen" = current ]; then
	if [ "$SBM_ARCH" = x86_64 ]; then
		fw+=(--firmware OVMF_CODE_4M.secboot.strictnx.fd)
	else
		fw+=(--firmware AAVMF_CODE.secboot.strictnx.fd)
	fi
fi
root=$("$SBM_SRCDIR/images/qemu-run" --gen "$gen" --arch "$SBM_ARCH" --print-root 2>"$w/gen.err")
case $? in
0) ;;
5) echo "SKIP: secure boot, $gen generation: $(cat "$w/gen.err")"; exit 77 ;;
*) bad "qemu-run --gen $gen: $(cat "$w/gen.err")"; boot_done; exit ;;
esac
key=${root%/}/usr/share/ovmf/PkKek-1-snakeoil.key cert=${root%/}/usr/share/ovmf/PkKek-1-snakeoil.pem
for f in "$key" "$cert"; do
	[ -f "$f" ] || { bad "$f not found (Debian package ovmf)"; boot_done; exit; }
done
command -v openssl >/dev/null || { bad "openssl not found (Debian package openssl)"; boot_done; exit; }
img=$SBM_BUILDDIR/$SBM_IMAGE
opts=(iters=1500 reps=1 timeout_ms=20000)

# the key's password is "snakeoil" (the ovmf package's README.Debian)
openssl rsa -passin pass:snakeoil -in "$key" -out "$w/snakeoil.key" 2>/dev/null ||
	bad "could not decrypt $key"
if "$SBM_SRCDIR/tools/sbmbench" sign --key "$w/snakeoil.key" --cert "$cert" \
	--out "$w/signed.efi" "$img" 2>"$w/sign.err"; then
	ok "tools/sbmbench sign: signed with the snakeoil key"
else
	bad "tools/sbmbench sign failed: $(cat "$w/sign.err")"
fi
# a wrong key is refused, and the message names it
if "$SBM_SRCDIR/tools/sbmbench" sign --key "$w/no-such.key" --cert "$cert" \
	--out "$w/never.efi" "$img" 2>"$w/sign2.err"; then
	bad "signing with a missing key succeeded"
elif grep -q "no-such.key" "$w/sign2.err" && [ ! -e "$w/never.efi" ]; then
	ok "a missing key: refused, named, no image written"
else
	bad "a missing key: message without its name: $(cat "$w/sign2.err")"
fi

rc=0
"$SBM_SRCDIR/images/qemu-run" "${fw[@]}" --arch "$SBM_ARCH" --image "$w/signed.efi" --secure-boot \
	--smp 2 --timeout 180 --quiet --log "$w/signed.log" -- "${opts[@]}" 2>"$w/qemu-run.err" || rc=$?
"$SBM_BUILDDIR/sbmlog" records "$w/signed.log" >"$w/rec" 2>/dev/null
if [ "$rc" = 0 ] && grep -q '^end .*status=ok' "$w/rec"; then
	ok "signed image: booted under Secure Boot, ended ok"
else
	bad "signed image: qemu-run exit $rc"
	cat "$w/qemu-run.err"
	boot_evidence secure-signed "$w/signed.log" "$rc"
fi
sb=$(field hello secure_boot)
if [ "$sb" = 1 ]; then ok "hello: secure_boot=1"; else bad "hello: secure_boot='$sb', want 1"; fi

# The unsigned image: QEMU in a session of its own, stopped by group once
# the firmware has said no.
setsid "$SBM_SRCDIR/images/qemu-run" "${fw[@]}" --arch "$SBM_ARCH" --image "$img" --secure-boot \
	--smp 2 --timeout 180 --quiet --log "$w/unsigned.log" -- "${opts[@]}" 2>/dev/null &
pid=$!
if boot_wait_for "$w/unsigned.log" "Access Denied" 170 "$pid"; then
	ok "unsigned image: the firmware says Access Denied"
else
	bad "unsigned image: no 'Access Denied' from the firmware"
fi
sleep 2		# would anything of ours have started, it prints at once
kill -TERM -- "-$pid" 2>/dev/null
wait "$pid" 2>/dev/null
if grep -aq '@sbm \|^sbmbench' "$w/unsigned.log"; then
	bad "unsigned image: something of ours ran under Secure Boot"
	boot_evidence secure-unsigned "$w/unsigned.log" refused
else
	ok "unsigned image: nothing of ours ran (no record, no banner)"
fi
boot_done
