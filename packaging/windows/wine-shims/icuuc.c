/* Test-only stand-in for Windows' own icuuc.dll, for running the Windows build under Wine.
 *
 * Qt6Core.dll (PySide6 6.12 for Windows) links against the ICU that Windows 10 1703+ ships in
 * System32 (icuuc.dll), only for its converters of legacy text encodings (ucnv_*). Wine 8 has no
 * icuuc.dll, so Qt6Core.dll does not load at all. packaging/wine-smoke compiles this file with mingw-w64 and
 * copies it into the throw-away Wine prefix's system32; it is never packed into the installer (real
 * Windows has the real one). Every converter "fails to open", so Qt falls back to its built-in UTF-8,
 * UTF-16, UTF-32 and Latin-1 codecs, which are all Starwright uses.
 */
#include <stddef.h>
#include <stdint.h>

#define EXPORT __declspec(dllexport)
typedef int UErrorCode;          /* U_ZERO_ERROR 0, U_FILE_ACCESS_ERROR 4 */
typedef uint16_t UChar;

EXPORT void *ucnv_open(const char *name, UErrorCode *err) { (void)name; if (err) *err = 4; return NULL; }
EXPORT void ucnv_close(void *cnv) { (void)cnv; }
EXPORT void ucnv_reset(void *cnv) { (void)cnv; }
EXPORT int32_t ucnv_countAvailable(void) { return 0; }
EXPORT const char *ucnv_getAvailableName(int32_t n) { (void)n; return NULL; }
EXPORT const char *ucnv_getName(const void *cnv, UErrorCode *err) { (void)cnv; if (err) *err = 4; return NULL; }
EXPORT const char *ucnv_getStandardName(const char *name, const char *standard, UErrorCode *err)
{ (void)name; (void)standard; if (err) *err = 4; return NULL; }
EXPORT int8_t ucnv_getMaxCharSize(const void *cnv) { (void)cnv; return 1; }
EXPORT int32_t ucnv_fromUCountPending(const void *cnv, UErrorCode *err) { (void)cnv; (void)err; return 0; }
EXPORT int32_t ucnv_toUCountPending(const void *cnv, UErrorCode *err) { (void)cnv; (void)err; return 0; }
EXPORT void ucnv_fromUnicode(void *cnv, char **t, const char *tl, const UChar **s, const UChar *sl,
                             int32_t *o, int8_t f, UErrorCode *err)
{ (void)cnv; (void)t; (void)tl; (void)s; (void)sl; (void)o; (void)f; if (err) *err = 4; }
EXPORT void ucnv_toUnicode(void *cnv, UChar **t, const UChar *tl, const char **s, const char *sl,
                           int32_t *o, int8_t f, UErrorCode *err)
{ (void)cnv; (void)t; (void)tl; (void)s; (void)sl; (void)o; (void)f; if (err) *err = 4; }
EXPORT void ucnv_getFromUCallBack(const void *cnv, void **action, const void **context)
{ (void)cnv; if (action) *action = NULL; if (context) *context = NULL; }
EXPORT void ucnv_getToUCallBack(const void *cnv, void **action, const void **context)
{ (void)cnv; if (action) *action = NULL; if (context) *context = NULL; }
EXPORT void ucnv_setFromUCallBack(void *cnv, void *a, const void *c, void **oa, const void **oc, UErrorCode *err)
{ (void)cnv; (void)a; (void)c; if (oa) *oa = NULL; if (oc) *oc = NULL; if (err) *err = 4; }
EXPORT void ucnv_setToUCallBack(void *cnv, void *a, const void *c, void **oa, const void **oc, UErrorCode *err)
{ (void)cnv; (void)a; (void)c; if (oa) *oa = NULL; if (oc) *oc = NULL; if (err) *err = 4; }
EXPORT void ucnv_cbFromUWriteUChars(void *args, const UChar **s, const UChar *sl, int32_t o, UErrorCode *err)
{ (void)args; (void)s; (void)sl; (void)o; if (err) *err = 4; }
EXPORT void ucnv_cbToUWriteUChars(void *args, const UChar *s, int32_t l, int32_t o, UErrorCode *err)
{ (void)args; (void)s; (void)l; (void)o; if (err) *err = 4; }
EXPORT void UCNV_FROM_U_CALLBACK_SUBSTITUTE(const void *c, void *a, const UChar *u, int32_t l, int32_t cp,
                                            int r, UErrorCode *err)
{ (void)c; (void)a; (void)u; (void)l; (void)cp; (void)r; (void)err; }
EXPORT void UCNV_TO_U_CALLBACK_SUBSTITUTE(const void *c, void *a, const char *b, int32_t l, int r, UErrorCode *err)
{ (void)c; (void)a; (void)b; (void)l; (void)r; (void)err; }
