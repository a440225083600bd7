#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# riscv64 payload under QEMU virt with OpenSBI: QEMU's own fw_dynamic and
# Debian's fw_jump; harts, nodes, distances and inferred LLCs checked.
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"
img=$SBM_BUILDDIR/sbmbench-riscv64.elf
bin=$SBM_BUILDDIR/sbmbench-riscv64.bin
opts=(iters=2000 reps=2 warmup=100 timeout_ms=20000)

# boot_check, and exactly one hart ran the boot path: OpenSBI 1.1 and earlier can
# send a started hart to the payload entry (see arch/riscv/entry.S)
rv_boot() {
	local n
	boot_check "$@"
	n=$(grep -c '^sbmbench: riscv64 payload, boot hart' "$boot_tmp/$1.log")
	[ "$n" = 1 ] && ok "$1: one hart took the boot path" || bad "$1: $n harts took the boot path"
	grep -h '^warning: cpu-start' "$boot_tmp/$1.log" || true
}

for fw in default fw_jump; do
	rv_boot "smp1-$fw" "cpus=1 nodes=1 llcs=1 packages=1" -- \
		--arch riscv64 --image "$img" --firmware $fw --smp 1 --timeout 60 -- "${opts[@]}"
	rv_boot "smp4-$fw" "cpus=4 nodes=1 llcs=1 packages=1 smt=1" -- \
		--arch riscv64 --image "$img" --firmware $fw --smp 4 --timeout 60 -- "${opts[@]}"
	# QEMU 7.2 writes each socket as a cpu-map cluster (no socket level), so
# the DT says one package; LLCs are inferred one per cluster
	rv_boot "smp8-numa-$fw" "cpus=8 nodes=2 llcs=2 smt=1 dist=10,20 placement=node" -- \
		--arch riscv64 --image "$img" --firmware $fw --smp 8 \
		--topology sockets=2,cores=4 --numa 2 --numa-dist 20 --timeout 60 -- "${opts[@]}"
done
# the flat binary with its Image header boots the same way
rv_boot "smp4-flat-binary" "cpus=4" -- \
	--arch riscv64 --image "$bin" --firmware fw_jump --smp 4 --timeout 60 -- "${opts[@]}"
# 16 harts: the boot hart is random, all must be found and started
rv_boot "smp16" "cpus=16" -- \
	--arch riscv64 --image "$img" --smp 16 --timeout 120 -- iters=500 reps=1 warmup=10 timeout_ms=20000
grep -q 'llc_source=inferred-cpu-map-cluster' "$boot_tmp/rec" &&
	ok "LLC inference rule named in the topo record" || bad "llc_source not reported"

# a hart the DT marks disabled is listed but never started
if command -v dtc >/dev/null; then
	"$QEMU" -machine virt,dumpdtb="$boot_tmp/virt.dtb" -smp 4 -m 1G -display none >/dev/null 2>&1
	dtc -q -I dtb -O dts "$boot_tmp/virt.dtb" |
		awk '/cpu@2 \{/ { in2 = 1 } in2 && /status = "okay"/ { sub(/okay/, "disabled"); in2 = 0 } { print }' |
		dtc -q -I dts -O dtb -o "$boot_tmp/virt-hart2-off.dtb"
	rv_boot "smp4-hart2-disabled" "cpus=4" -- \
		--arch riscv64 --image "$img" --smp 4 --timeout 60 \
		--qemu-arg -dtb --qemu-arg "$boot_tmp/virt-hart2-off.dtb" -- "${opts[@]}"
	grep -q '^cpu .*hwid=0x2 .*enabled=0' "$boot_tmp/rec" &&
		ok "hart 2 reported disabled" || bad "hart 2 not reported disabled"
	grep -q '^result .* layout=global .* cpus=3 ' "$boot_tmp/rec" &&
		ok "the run used the 3 enabled harts" || bad "disabled hart took part"
fi

# bad options: a clear message and a failing end record, QEMU exits non-zero
rc=0
"$SBM_SRCDIR/images/qemu-run" --quiet --log "$boot_tmp/bad.log" --arch riscv64 \
	--image "$img" --smp 2 --timeout 60 -- layouts=bogus 2>/dev/null || rc=$?
[ "$rc" = 1 ] && grep -q "bad value 'bogus' for layouts" "$boot_tmp/bad.log" &&
	ok "layouts=bogus rejected with a message, exit 1" || bad "layouts=bogus: rc=$rc $(tail -n 3 "$boot_tmp/bad.log")"
boot_done
