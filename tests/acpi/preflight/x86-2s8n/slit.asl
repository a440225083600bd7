/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * Distances of the eight domains of srat.asl: 10 local, 12 to a
 * node of the same socket, 32 to the other socket.
 */
[0004]                          Signature : "SLIT"
[0004]                       Table Length : 00000000
[0001]                           Revision : 01
[0001]                           Checksum : 00
[0006]                             Oem ID : "SBMTST"
[0008]                       Oem Table ID : "PF2S8N  "
[0004]                       Oem Revision : 00000001
[0004]                    Asl Compiler ID : "INTL"
[0004]              Asl Compiler Revision : 20200925

[0008]                         Localities : 0000000000000008
[0008]                       Locality   0 : 0A 0C 0C 0C 20 20 20 20
[0008]                       Locality   1 : 0C 0A 0C 0C 20 20 20 20
[0008]                       Locality   2 : 0C 0C 0A 0C 20 20 20 20
[0008]                       Locality   3 : 0C 0C 0C 0A 20 20 20 20
[0008]                       Locality   4 : 20 20 20 20 0A 0C 0C 0C
[0008]                       Locality   5 : 20 20 20 20 0C 0A 0C 0C
[0008]                       Locality   6 : 20 20 20 20 0C 0C 0A 0C
[0008]                       Locality   7 : 20 20 20 20 0C 0C 0C 0A
