/* Test-only stand-in for Windows' colour-management DLL (mscms.dll), for running the build under Wine.
 *
 * Qt's Windows platform plugin (qwindows.dll) reads the screen's colour profile through mscms.dll and
 * calls WcsCreateIccProfile, which Wine 8 leaves unimplemented: Wine aborts the process ("unimplemented
 * function mscms.dll.WcsCreateIccProfile") as soon as a window is created. The Wine smoke test compiles
 * this file with mingw-w64 into the throw-away Wine prefix (loaded instead of Wine's own with
 * WINEDLLOVERRIDES=mscms=n); it is never packed into the installer (Windows has the real one). It has
 * the four functions qwindows.dll imports, and answers "no colour profile", so Qt uses sRGB.
 */
#include <windows.h>

typedef HANDLE HPROFILE;
#define EXPORT __declspec(dllexport)

EXPORT HPROFILE WINAPI OpenColorProfileW(void *profile, DWORD access, DWORD share, DWORD creation)
{ (void)profile; (void)access; (void)share; (void)creation; SetLastError(ERROR_FILE_NOT_FOUND); return NULL; }
EXPORT BOOL WINAPI CloseColorProfile(HPROFILE profile) { (void)profile; return TRUE; }
EXPORT BOOL WINAPI GetColorProfileFromHandle(HPROFILE profile, PBYTE buffer, PDWORD size)
{ (void)profile; (void)buffer; if (size) *size = 0; SetLastError(ERROR_INVALID_HANDLE); return FALSE; }
EXPORT HPROFILE WINAPI WcsCreateIccProfile(HPROFILE profile, DWORD flags)
{ (void)profile; (void)flags; SetLastError(ERROR_NOT_SUPPORTED); return NULL; }
