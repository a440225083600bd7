#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""efi-boot-uri.py VARS.fd URI: a boot option for UEFI HTTP boot from URI
(Boot0100, its file path the short form Uri(URI)/End of the UEFI
specification's "Boot Manager" and "URI Device Path"), and BootOrder
naming it alone (the firmware adds its own after it), so every boot is
an HTTP boot, written into a copy of the edk2 firmware's variable store
(OVMF_VARS.fd, AAVMF_VARS.fd: its authenticated variable layout, as
edk2's VariableFormat.h defines it).  QEMU's DHCP offers no HTTP boot
URI, so the boot rows give the firmware one this way.  Refuses (exit 1,
nothing written) a store it does not recognise or without room."""
import struct
import sys
import uuid

AUTH_STORE = uuid.UUID("aaf32c78-947b-439a-a180-2e144ec37792")
GLOBAL = uuid.UUID("8be4df61-93ca-11d2-aa0d-00e098032b8c")
NV_BS_RT = 7
HDR = struct.Struct("<HBBIQ16sIII16s")	# 60 bytes, then name, data


def die(msg):
    print(f"efi-boot-uri.py: {msg}", file=sys.stderr)
    sys.exit(1)


def variable(name, data):
    n = (name + "\0").encode("utf-16-le")
    v = HDR.pack(0x55AA, 0x3F, 0, NV_BS_RT, 0, bytes(16), 0, len(n),
                 len(data), GLOBAL.bytes_le) + n + data
    return v + b"\xff" * (-len(v) % 4)


def main():
    if len(sys.argv) != 3:
        die("usage: efi-boot-uri.py VARS.fd URI")
    path, uri = sys.argv[1], sys.argv[2].encode("ascii")
    fd = bytearray(open(path, "rb").read())
    if fd[40:44] != b"_FVH":
        die(f"{path}: no firmware volume header")
    store = struct.unpack_from("<H", fd, 48)[0]
    if uuid.UUID(bytes_le=bytes(fd[store:store + 16])) != AUTH_STORE:
        die(f"{path}: not an authenticated variable store")
    size, fmt, state = struct.unpack_from("<IBB", fd, store + 16)
    if fmt != 0x5A or state != 0xFE:
        die(f"{path}: store not formatted/healthy")
    end = store + size
    off = store + 28
    while off + HDR.size <= end and struct.unpack_from("<H", fd, off)[0] == 0x55AA:
        f = HDR.unpack_from(fd, off)
        off += HDR.size + f[7] + f[8]
        off += -off % 4
    # load option: active, file path length, description, Uri()/End
    node = struct.pack("<BBH", 3, 24, 4 + len(uri)) + uri
    fpath = node + struct.pack("<BBH", 0x7F, 0xFF, 4)
    opt = struct.pack("<IH", 1, len(fpath)) + \
        "sbmbench HTTP boot\0".encode("utf-16-le") + fpath
    new = variable("Boot0100", opt) + variable("BootOrder", struct.pack("<H", 0x100))
    if off + len(new) > end or any(b != 0xFF for b in fd[off:off + len(new)]):
        die(f"{path}: no free room at {off:#x}")
    fd[off:off + len(new)] = new
    open(path, "wb").write(fd)


main()
