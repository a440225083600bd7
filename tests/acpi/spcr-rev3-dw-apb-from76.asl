/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * SPCR revision 3 from offset 76 on (spcr-rev3-dw-apb.asl is the rest):
 * the UART clock.  ACPICA's generic data types under a signature iasl
 * has no template for; the test lays the bytes after this table's
 * 36-byte header over the SPCR from offset 76 and fixes its checksum.
 */
[0004]                          Signature : "SPC3"
[0004]                       Table Length : 00000000
[0001]                           Revision : 03
[0001]                           Checksum : 00
[0006]                             Oem ID : "SBMTST"
[0008]                       Oem Table ID : "SPCR76"
[0004]                       Oem Revision : 00000001
[0004]                    Asl Compiler ID : "INTL"
[0004]              Asl Compiler Revision : 20200925

/* SPCR 76: UART Clock Frequency, 24 MHz */
                                   UINT32 : 016E3600
