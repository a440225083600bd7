/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * The nodes of apic.asl: APIC id a is in proximity domain
 * (a & 7) / 2, plus 4 in socket 1 (a & 0x10).
 */
[0004]                          Signature : "SRAT"
[0004]                       Table Length : 00000000
[0001]                           Revision : 03
[0001]                           Checksum : 00
[0006]                             Oem ID : "SBMTST"
[0008]                       Oem Table ID : "PF2S8N  "
[0004]                       Oem Revision : 00000001
[0004]                    Asl Compiler ID : "INTL"
[0004]              Asl Compiler Revision : 20200925

[0004]                     Table Revision : 00000001
[0008]                           Reserved : 0000000000000000

/* APIC id 0x0: domain 0 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 00
[0001]                            Apic ID : 00
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000

/* APIC id 0x1: domain 0 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 00
[0001]                            Apic ID : 01
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000

/* APIC id 0x2: domain 1 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 01
[0001]                            Apic ID : 02
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000

/* APIC id 0x3: domain 1 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 01
[0001]                            Apic ID : 03
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000

/* APIC id 0x4: domain 2 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 02
[0001]                            Apic ID : 04
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000

/* APIC id 0x5: domain 2 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 02
[0001]                            Apic ID : 05
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000

/* APIC id 0x6: domain 3 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 03
[0001]                            Apic ID : 06
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000

/* APIC id 0x7: domain 3 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 03
[0001]                            Apic ID : 07
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000

/* APIC id 0x10: domain 4 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 04
[0001]                            Apic ID : 10
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000

/* APIC id 0x11: domain 4 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 04
[0001]                            Apic ID : 11
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000

/* APIC id 0x12: domain 5 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 05
[0001]                            Apic ID : 12
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000

/* APIC id 0x13: domain 5 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 05
[0001]                            Apic ID : 13
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000

/* APIC id 0x14: domain 6 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 06
[0001]                            Apic ID : 14
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000

/* APIC id 0x15: domain 6 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 06
[0001]                            Apic ID : 15
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000

/* APIC id 0x16: domain 7 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 07
[0001]                            Apic ID : 16
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000

/* APIC id 0x17: domain 7 */
[0001]                      Subtable Type : 00 [Processor Local APIC/SAPIC Affinity]
[0001]                             Length : 10
[0001]            Proximity Domain Low(8) : 07
[0001]                            Apic ID : 17
[0004]              Flags (decoded below) : 00000001
                                  Enabled : 1
[0001]                    Local Sapic EID : 00
[0003]          Proximity Domain High(24) : 000000
[0004]                       Clock Domain : 00000000
