/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * Two sockets of four NUMA nodes each (sub-NUMA clustering), two CPUs
 * a node: local APIC ids 0-7 in socket 0, 0x10-0x17 in socket 1.
 * ACPICA template format (iasl -T APIC); tests/preflight.sh compiles it.
 */
[0004]                          Signature : "APIC"
[0004]                       Table Length : 00000000
[0001]                           Revision : 05
[0001]                           Checksum : 00
[0006]                             Oem ID : "SBMTST"
[0008]                       Oem Table ID : "PF2S8N  "
[0004]                       Oem Revision : 00000001
[0004]                    Asl Compiler ID : "INTL"
[0004]              Asl Compiler Revision : 20200925

[0004]                 Local Apic Address : FEE00000
[0004]              Flags (decoded below) : 00000001
                      PC-AT Compatibility : 1

/* CPU 0: APIC id 0x0, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 00
[0001]                      Local Apic ID : 00
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* CPU 1: APIC id 0x1, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 01
[0001]                      Local Apic ID : 01
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* CPU 2: APIC id 0x2, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 02
[0001]                      Local Apic ID : 02
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* CPU 3: APIC id 0x3, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 03
[0001]                      Local Apic ID : 03
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* CPU 4: APIC id 0x4, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 04
[0001]                      Local Apic ID : 04
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* CPU 5: APIC id 0x5, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 05
[0001]                      Local Apic ID : 05
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* CPU 6: APIC id 0x6, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 06
[0001]                      Local Apic ID : 06
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* CPU 7: APIC id 0x7, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 07
[0001]                      Local Apic ID : 07
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* CPU 8: APIC id 0x10, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 08
[0001]                      Local Apic ID : 10
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* CPU 9: APIC id 0x11, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 09
[0001]                      Local Apic ID : 11
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* CPU 10: APIC id 0x12, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 0A
[0001]                      Local Apic ID : 12
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* CPU 11: APIC id 0x13, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 0B
[0001]                      Local Apic ID : 13
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* CPU 12: APIC id 0x14, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 0C
[0001]                      Local Apic ID : 14
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* CPU 13: APIC id 0x15, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 0D
[0001]                      Local Apic ID : 15
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* CPU 14: APIC id 0x16, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 0E
[0001]                      Local Apic ID : 16
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0

/* CPU 15: APIC id 0x17, enabled */
[0001]                      Subtable Type : 00 [Processor Local APIC]
[0001]                             Length : 08
[0001]                       Processor ID : 0F
[0001]                      Local Apic ID : 17
[0004]              Flags (decoded below) : 00000001
                        Processor Enabled : 1
                   Runtime Online Capable : 0
