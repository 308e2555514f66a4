"""PyInstaller runtime hook of the Windows build: under Wine, no WMI for `platform`.

Wine 8's WMI aborts the process ("unimplemented function propsys.dll.VariantToString") when Python's `platform`
asks it for the Windows version, which aiohttp does as it is imported (Table Link's server): the installer's
check under Wine (packaging/ci-windows-check) shares a document and joins it. Under Wine only (its registry key
says so), `platform` is given no WMI and falls back to the version API, as build-windows' sitecustomize does for
the build Python. On Windows this hook does nothing. Remove it when Wine implements VariantToString.
"""

import sys

if sys.platform == "win32":
    import winreg

    try:
        winreg.CloseKey(winreg.OpenKey(winreg.HKEY_CURRENT_USER, r"Software\Wine"))
    except OSError:
        pass        # Windows itself: WMI works
    else:
        import platform

        def _no_wmi(*_args, **_kwargs):
            raise OSError("no WMI under Wine")

        platform._wmi_query = _no_wmi
