/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * A PPTT as Ampere Altra ships it (public dumps): L1I, L1D and L2
 * described once, every core's private resources pointing at those same
 * structures, no system-level cache (the firmware's "SLC as L3" off).
 * Four cores, two clusters of two, one package.  Each core's caches are
 * its own: shared_by=1, and the LLC falls back to the cluster.
 *
 * Written in ACPICA's template format (iasl -T PPTT, iasl 20200925);
 * tests/acpi-tables.sh compiles it with iasl.  The number before each
 * structure is its offset in the table, which the references use.
 */
[0004]                          Signature : "PPTT"    [Processor Properties Topology Table]
[0004]                       Table Length : 00000000
[0001]                           Revision : 02
[0001]                           Checksum : 00
[0006]                             Oem ID : "SBMTST"
[0008]                       Oem Table ID : "AMPCLUST"
[0004]                       Oem Revision : 00000001
[0004]                    Asl Compiler ID : "INTL"
[0004]              Asl Compiler Revision : 20200925

/* 36: the L2, described once: 1 MiB, 8-way, unified, write-back */
[0001]                      Subtable Type : 01 [Cache Type]
[0001]                             Length : 18
[0002]                           Reserved : 0000
[0004]              Flags (decoded below) : 0000007F
                               Size valid : 1
                     Number of Sets valid : 1
                      Associativity valid : 1
                    Allocation Type valid : 1
                         Cache Type valid : 1
                       Write Policy valid : 1
                          Line Size valid : 1
[0004]                Next Level of Cache : 00000000
[0004]                               Size : 00100000
[0004]                     Number of Sets : 00000800
[0001]                      Associativity : 08
[0001]                         Attributes : 0B
                          Allocation Type : 3
                               Cache Type : 2
                             Write Policy : 0
[0002]                          Line Size : 0040

/* 60: the L1D, described once: 64 KiB, 4-way, next level L2 */
[0001]                      Subtable Type : 01 [Cache Type]
[0001]                             Length : 18
[0002]                           Reserved : 0000
[0004]              Flags (decoded below) : 0000007F
                               Size valid : 1
                     Number of Sets valid : 1
                      Associativity valid : 1
                    Allocation Type valid : 1
                         Cache Type valid : 1
                       Write Policy valid : 1
                          Line Size valid : 1
[0004]                Next Level of Cache : 00000024
[0004]                               Size : 00010000
[0004]                     Number of Sets : 00000100
[0001]                      Associativity : 04
[0001]                         Attributes : 03
                          Allocation Type : 3
                               Cache Type : 0
                             Write Policy : 0
[0002]                          Line Size : 0040

/* 84: the L1I, described once: 64 KiB, 4-way, next level L2 */
[0001]                      Subtable Type : 01 [Cache Type]
[0001]                             Length : 18
[0002]                           Reserved : 0000
[0004]              Flags (decoded below) : 0000007F
                               Size valid : 1
                     Number of Sets valid : 1
                      Associativity valid : 1
                    Allocation Type valid : 1
                         Cache Type valid : 1
                       Write Policy valid : 1
                          Line Size valid : 1
[0004]                Next Level of Cache : 00000024
[0004]                               Size : 00010000
[0004]                     Number of Sets : 00000100
[0001]                      Associativity : 04
[0001]                         Attributes : 04
                          Allocation Type : 0
                               Cache Type : 1
                             Write Policy : 0
[0002]                          Line Size : 0040

/* 108: the package (socket 0), no cache of its own: no SLC */
[0001]                      Subtable Type : 00 [Processor Hierarchy Node]
[0001]                             Length : 14
[0002]                           Reserved : 0000
[0004]              Flags (decoded below) : 00000003
                         Physical package : 1
                  ACPI Processor ID valid : 1
                    Processor is a thread : 0
                           Node is a leaf : 0
                 Identical Implementation : 0
[0004]                             Parent : 00000000
[0004]                  ACPI Processor ID : 00000000
[0004]            Private Resource Number : 00000000

/* 128: cluster 0, two cores */
[0001]                      Subtable Type : 00 [Processor Hierarchy Node]
[0001]                             Length : 14
[0002]                           Reserved : 0000
[0004]              Flags (decoded below) : 00000000
                         Physical package : 0
                  ACPI Processor ID valid : 0
                    Processor is a thread : 0
                           Node is a leaf : 0
                 Identical Implementation : 0
[0004]                             Parent : 0000006C
[0004]                  ACPI Processor ID : 00000000
[0004]            Private Resource Number : 00000000

/* 148: cluster 1, two cores */
[0001]                      Subtable Type : 00 [Processor Hierarchy Node]
[0001]                             Length : 14
[0002]                           Reserved : 0000
[0004]              Flags (decoded below) : 00000000
                         Physical package : 0
                  ACPI Processor ID valid : 0
                    Processor is a thread : 0
                           Node is a leaf : 0
                 Identical Implementation : 0
[0004]                             Parent : 0000006C
[0004]                  ACPI Processor ID : 00000001
[0004]            Private Resource Number : 00000000

/* 168: core 0, a leaf: ACPI processor ID 0; private resources the one L1D and L1I */
[0001]                      Subtable Type : 00 [Processor Hierarchy Node]
[0001]                             Length : 1C
[0002]                           Reserved : 0000
[0004]              Flags (decoded below) : 0000000A
                         Physical package : 0
                  ACPI Processor ID valid : 1
                    Processor is a thread : 0
                           Node is a leaf : 1
                 Identical Implementation : 0
[0004]                             Parent : 00000080
[0004]                  ACPI Processor ID : 00000000
[0004]            Private Resource Number : 00000002
[0004]                   Private Resource : 0000003C
[0004]                   Private Resource : 00000054

/* 196: core 1, a leaf: ACPI processor ID 1; private resources the one L1D and L1I */
[0001]                      Subtable Type : 00 [Processor Hierarchy Node]
[0001]                             Length : 1C
[0002]                           Reserved : 0000
[0004]              Flags (decoded below) : 0000000A
                         Physical package : 0
                  ACPI Processor ID valid : 1
                    Processor is a thread : 0
                           Node is a leaf : 1
                 Identical Implementation : 0
[0004]                             Parent : 00000080
[0004]                  ACPI Processor ID : 00000001
[0004]            Private Resource Number : 00000002
[0004]                   Private Resource : 0000003C
[0004]                   Private Resource : 00000054

/* 224: core 2, a leaf: ACPI processor ID 2; private resources the one L1D and L1I */
[0001]                      Subtable Type : 00 [Processor Hierarchy Node]
[0001]                             Length : 1C
[0002]                           Reserved : 0000
[0004]              Flags (decoded below) : 0000000A
                         Physical package : 0
                  ACPI Processor ID valid : 1
                    Processor is a thread : 0
                           Node is a leaf : 1
                 Identical Implementation : 0
[0004]                             Parent : 00000094
[0004]                  ACPI Processor ID : 00000002
[0004]            Private Resource Number : 00000002
[0004]                   Private Resource : 0000003C
[0004]                   Private Resource : 00000054

/* 252: core 3, a leaf: ACPI processor ID 3; private resources the one L1D and L1I */
[0001]                      Subtable Type : 00 [Processor Hierarchy Node]
[0001]                             Length : 1C
[0002]                           Reserved : 0000
[0004]              Flags (decoded below) : 0000000A
                         Physical package : 0
                  ACPI Processor ID valid : 1
                    Processor is a thread : 0
                           Node is a leaf : 1
                 Identical Implementation : 0
[0004]                             Parent : 00000094
[0004]                  ACPI Processor ID : 00000003
[0004]            Private Resource Number : 00000002
[0004]                   Private Resource : 0000003C
[0004]                   Private Resource : 00000054

