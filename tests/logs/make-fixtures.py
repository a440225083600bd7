#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Derive the test logs from real Linux-twin output (twin-x86_64.log).

twin-x86_64.log and two-runs.log are unedited console output of
sbmbench-linux.  The others are made here, reproducibly:
  damaged.log           CRLF, ANSI noise, firmware chatter, a record broken
                        by other output, noise inside a record, a flipped
                        byte, a v=2 record and a truncated last record
  riscv64-qemu.log      fields edited to look like a riscv64 QEMU run,
  baremetal-x86_64.log  and a bare-metal UEFI run; CRCs recomputed.
                        These two are fabricated, for tests only.
Run from tests/logs: python3 make-fixtures.py
"""
import re
import zlib


def sign(body):
    return "%s  #%08x" % (body, zlib.crc32(body.encode()) & 0xffffffff)


def body(line):
    return line[:line.rindex("  #")]


def edit(line, **fields):
    b = body(line)
    for k, v in fields.items():
        b, n = re.subn(r" %s=(\"[^\"]*\"|\S*)" % k, " %s=%s" % (k, v), b)
        if not n:
            b += " %s=%s" % (k, v)
    return sign(b)


src = open("twin-x86_64.log").read().split("\n")
recs = [l for l in src if l.startswith("@sbm ")]


def damaged():
    out = ["\x1b[2J\x1b[01;01HBdsDxe: loading Boot0001 \"UEFI USB\"",
           "\x1b[0m\x1b[37m\x1b[40mBdsDxe: starting Boot0001"]
    for l in src:
        k = l.split(" ")[1] if l.startswith("@sbm ") else ""
        if k == "hello":
            l = "\x1b[1;32m" + l + "\x1b[0m"          # ANSI around it
        elif k == "cpu" and " id=1 " in l:
            # broken by other output on the next lines; CRC proves the join
            l = l[:40] + "\n[   12.345] usb 1-1: new high-speed USB device\n" \
                + l[40:]
        elif k == "cpu" and " id=0 " in l:
            l = l[:30] + "ACPI: \\_SB_.PCI0" + l[30:]  # noise inside: lost
        elif k == "group" and "layout=node by=llc" in l:
            l = l[:50] + chr(ord(l[50]) ^ 0x01) + l[51:]   # flipped bit
        elif k == "config":
            out.append(l)
            l = sign(body(l).replace("@sbm config v=1", "@sbm sensor v=2")
                     .split(" iters=")[0] + " temp_c=41")
        elif k == "end":
            l = l[:35]                               # cut mid-record
        out.append(l)
    open("damaged.log", "w", newline="").write(
        "\r\n".join("\r\n".join(x.split("\n")) for x in out))


def fabricate(name, note, hello, ops, hz):
    out = ["# fabricated for tests from twin output: %s; CRCs recomputed"
           % note]
    old_hz = int(re.search(r"counter_hz=(\d+)", recs[0]).group(1))
    for l in recs:
        k = l.split(" ")[1]
        if k == "hello":
            l = edit(l, counter_hz=hz, **hello)
        elif k == "result":
            med = float(re.search(r" median=(\S+)", l).group(1))
            f = {"ns": "%.3f" % (med * 1e9 / hz)}
            if ops:
                f["op"] = ops if "u8" not in l else "amoor_b"
            l = edit(l, **f)
        elif k == "config" and ops:
            l = edit(l, ops="amoor,amoand,store(u8)")
        else:
            l = edit(l)
        out.append(l)
    open(name, "w").write("\n".join(out) + "\n")
    del old_hz


damaged()
fabricate("riscv64-qemu.log", "arch, platform, virt, counter edited",
          dict(arch="riscv64", platform="opensbi", virt="qemu",
               cpu_model="riscv64", counter="time",
               hz_source="dt-timebase-frequency", cycles=1), "amoor",
          10000000)
fabricate("baremetal-x86_64.log", "platform=uefi virt=none edited",
          dict(platform="uefi", virt="none", hz_source="cpuid-15h"), None,
          2096008404)
