/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * SPCR revision 4 from offset 76 on (spcr-rev4-bcm2835.asl is the
 * rest): ACPICA's generic data types under a signature iasl has no
 * template for; the test lays the bytes after this table's 36-byte
 * header over the SPCR from offset 76, then fixes length and checksum.
 */
[0004]                          Signature : "SPC4"
[0004]                       Table Length : 00000000
[0001]                           Revision : 04
[0001]                           Checksum : 00
[0006]                             Oem ID : "SBMTST"
[0008]                       Oem Table ID : "SPCR76"
[0004]                       Oem Revision : 00000001
[0004]                    Asl Compiler ID : "INTL"
[0004]              Asl Compiler Revision : 20200925

/* SPCR 76: UART Clock Frequency, 500 MHz */
                                   UINT32 : 1DCD6500
/* SPCR 80: Precise Baud Rate, 115200 */
                                   UINT32 : 0001C200
/* SPCR 84: Namespace String Length, with its NUL */
                                   UINT16 : 000A
/* SPCR 86: Namespace String Offset */
                                   UINT16 : 0058
/* SPCR 88: Namespace String */
                                   String : "\_SB.URT1"
