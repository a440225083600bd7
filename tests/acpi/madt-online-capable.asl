/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * A server MADT (revision 5, ACPI 6.3) with hot-plug slots and the
 * repeats firmware ships: four usable CPUs (APIC ids 0, 2, 10, 0x100),
 * two online-capable slots (ids 4 and 6: Enabled=0, Online Capable=1),
 * one entry neither enabled nor online capable (id 8), and three
 * duplicates (LAPIC ids 2 and 0 again, x2APIC id 4).
 *
 * Made from ACPICA's template (iasl -T APIC, iasl 20200925), entries
 * kept, repeated and edited; tests/acpi-tables.sh compiles it with iasl.
 */
[0004]                          Signature : "APIC"    [Multiple APIC Description Table (MADT)]
[0004]                       Table Length : 00000000
[0001]                           Revision : 05
[0001]                           Checksum : 00
[0006]                             Oem ID : "SBMTST"
[0008]                       Oem Table ID : "ONLINCAP"
[0004]                       Oem Revision : 00000001
[0004]                    Asl Compiler ID : "INTL"
[0004]              Asl Compiler Revision : 20200925

[0004]                 Local Apic Address : FEE00000
[0004]              Flags (decoded below) : 00000001
                      PC-AT Compatibility : 1

/* APIC id 0, enabled: the boot CPU */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 00
[0001]                      Local Apic ID : 00
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* APIC id 2, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 01
[0001]                      Local Apic ID : 02
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* APIC id 4: Enabled=0, Online Capable=1, a hot-plug slot */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 02
[0001]                      Local Apic ID : 04
[0004]              Flags (decoded below) : 00000002
                        Processor Enabled : 0
                   Runtime Online Capable : 1

/* APIC id 6: Enabled=0, Online Capable=1 */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 03
[0001]                      Local Apic ID : 06
[0004]              Flags (decoded below) : 00000002
                        Processor Enabled : 0
                   Runtime Online Capable : 1

/* APIC id 2 again: a duplicate */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 04
[0001]                      Local Apic ID : 02
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* the I/O APIC: no CPU */
[0001]                      Subtable Type : 01 [I/O APIC]
[0001]                             Length : 0C
[0001]                        I/O Apic ID : 08
[0001]                           Reserved : 00
[0004]                            Address : FEC00000
[0004]                          Interrupt : 00000000

/* APIC id 0 again: a duplicate */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 05
[0001]                      Local Apic ID : 00
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* APIC id 8: neither enabled nor online capable, unusable */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 06
[0001]                      Local Apic ID : 08
[0004]              Flags (decoded below) : 00000000
                        Processor Enabled : 0
                   Runtime Online Capable : 0

/* APIC id 10, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 07
[0001]                      Local Apic ID : 0A
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* x2APIC id 4: the same id as the online-capable LAPIC, a duplicate */
[0001]                      Subtable Type : 09 [Processor Local x2APIC]
[0001]                             Length : 10
[0002]                           Reserved : 0000
[0004]                Processor x2Apic ID : 00000004
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
[0004]                      Processor UID : 00000008

/* x2APIC id 0x100, enabled */
[0001]                      Subtable Type : 09 [Processor Local x2APIC]
[0001]                             Length : 10
[0002]                           Reserved : 0000
[0004]                Processor x2Apic ID : 00000100
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
[0004]                      Processor UID : 00000009

