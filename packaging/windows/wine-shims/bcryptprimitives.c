/* Test-only stand-in for Windows' own bcryptprimitives.dll, for running the Windows build under Wine.
 *
 * Rust's standard library (rpds-py, which jsonschema's `referencing` needs, is written in Rust) takes
 * its random numbers from ProcessPrng in bcryptprimitives.dll, which every Windows since 8 has in
 * System32; Wine 8 does not, so rpds.pyd does not load. The Wine build and smoke test compile this file
 * with mingw-w64 into the throw-away Wine prefix's system32; it is never packed into the installer.
 * ProcessPrng is answered with RtlGenRandom (advapi32's SystemFunction036), which Wine has.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG chunk = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
