/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * An arm64 board's DesignWare APB UART (a 16550 with 32-bit registers
 * 4 bytes apart, type 0x12), revision 3, 115200 baud.
 *
 * Made from ACPICA's template (iasl -T SPCR, iasl 20200925), the
 * fields edited; tests/acpi-tables.sh compiles it with iasl.  That
 * template stops at revision 2: its last 4 bytes (76) are "Reserved",
 * which iasl writes as 0 whatever they say; what revisions 3 and 4 put
 * from 76 on is in spcr-rev3-dw-apb-from76.asl,
 * which the test lays over them.
 */
[0004]                          Signature : "SPCR"    [Serial Port Console Redirection table]
[0004]                       Table Length : 00000050
[0001]                           Revision : 03
[0001]                           Checksum : E3
[0006]                             Oem ID : "INTEL "
[0008]                       Oem Table ID : "TEMPLATE"
[0004]                       Oem Revision : 00000000
[0004]                    Asl Compiler ID : "INTL"
[0004]              Asl Compiler Revision : 20100528

[0001]                     Interface Type : 12
[0003]                           Reserved : 000000

[0012]               Serial Port Register : [Generic Address Structure]
[0001]                           Space ID : 00 [SystemMemory]
[0001]                          Bit Width : 20
[0001]                         Bit Offset : 00
[0001]               Encoded Access Width : 03 [DWord Access:32]
[0008]                            Address : 00000000FEB50000

[0001]                     Interrupt Type : 08
[0001]                PCAT-compatible IRQ : 00
[0004]                          Interrupt : 0000006E
[0001]                          Baud Rate : 07
[0001]                             Parity : 00
[0001]                          Stop Bits : 01
[0001]                       Flow Control : 00
[0001]                      Terminal Type : 00
[0001]                           Reserved : 00
[0002]                      PCI Device ID : FFFF
[0002]                      PCI Vendor ID : FFFF
[0001]                            PCI Bus : 00
[0001]                         PCI Device : 00
[0001]                       PCI Function : 00
[0004]                          PCI Flags : 00000000
[0001]                        PCI Segment : 00
[0004]                           Reserved : 00000000
