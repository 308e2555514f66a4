; NSIS 3 script of the Starwright installer for Windows (64-bit), built on Debian by packaging/build-windows:
;
;   makensis -DVERSION=<model.__version__> -DSOURCE_DIR=<PyInstaller one-folder output>
;            -DOUT_FILE=<...\Starwright-<version>-setup.exe> -DICON=<starwright.ico> starwright.nsi
;
; The version is passed in, never written here. SOURCE_DIR holds starwright.exe (console: `starwright
; check/export` in a terminal) and starwrightw.exe (the same app with no console window: the Start menu
; entry, the desktop icon and double-clicked .starwright documents use it).
;
; Per-user install, no administrator prompt: %LOCALAPPDATA%\Programs\Starwright, the Start menu of the
; user, the .starwright association under HKCU\Software\Classes, an entry in "Apps and features".
; Silent: `Starwright-<version>-setup.exe /S` (optionally /NODESKTOP, and /D=<folder> last);
; the uninstaller: `uninstall.exe /S`. packaging/ci-windows-check runs both under Wine.

!ifndef VERSION
  !error "Pass the version from model.__version__: makensis -DVERSION=X.Y.Z"
!endif
!ifndef SOURCE_DIR
  !error "Pass the PyInstaller output folder: makensis -DSOURCE_DIR=..."
!endif
!ifndef OUT_FILE
  !define OUT_FILE "Starwright-${VERSION}-setup.exe"
!endif

!define APP_NAME "Starwright"
!define GUI_EXE "starwrightw.exe"
!define PROG_ID "Starwright.Document"
!define UNINST_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Starwright"

Target amd64-unicode  ; a 64-bit installer (the app is 64-bit only; Wine then needs no 32-bit part)
ManifestDPIAware true
SetCompressor /SOLID lzma
Name "${APP_NAME} ${VERSION}"
OutFile "${OUT_FILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP_NAME}"
InstallDirRegKey HKCU "${UNINST_KEY}" "InstallLocation"
RequestExecutionLevel user
ShowInstDetails nevershow
ShowUninstDetails nevershow
!ifdef ICON
  !define MUI_ICON "${ICON}"
  !define MUI_UNICON "${ICON}"
!endif

!include "MUI2.nsh"
!include "LogicLib.nsh"
!include "Sections.nsh"
!include "FileFunc.nsh"
!include "x64.nsh"

VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${APP_NAME}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${APP_NAME} installer"
VIAddVersionKey "LegalCopyright" "Starwright contributors (MIT); bundled licences under Help > About"

!define MUI_FINISHPAGE_RUN "$INSTDIR\${GUI_EXE}"
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APP_NAME}"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Section "${APP_NAME}" SecApp
  SectionIn RO
  SetOutPath "$INSTDIR"
  File /r "${SOURCE_DIR}\*"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  ; Start menu entry
  CreateShortCut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\${GUI_EXE}" "" "$INSTDIR\${GUI_EXE}" 0 \
    SW_SHOWNORMAL "" "Build sci-fi tabletop crews and starships, checked against the rules"

  ; .starwright documents open in Starwright, with its icon
  WriteRegStr HKCU "Software\Classes\.starwright" "" "${PROG_ID}"
  WriteRegStr HKCU "Software\Classes\.starwright" "Content Type" "application/x-starwright"
  WriteRegStr HKCU "Software\Classes\.starwright\OpenWithProgids" "${PROG_ID}" ""
  WriteRegStr HKCU "Software\Classes\${PROG_ID}" "" "Starwright document"
  WriteRegStr HKCU "Software\Classes\${PROG_ID}\DefaultIcon" "" "$INSTDIR\${GUI_EXE},0"
  WriteRegStr HKCU "Software\Classes\${PROG_ID}\shell\open\command" "" '"$INSTDIR\${GUI_EXE}" "%1"'
  WriteRegStr HKCU "Software\Classes\Applications\${GUI_EXE}\SupportedTypes" ".starwright" ""
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'  ; SHCNE_ASSOCCHANGED

  ; "Apps and features"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINST_KEY}" "Publisher" "Starwright contributors"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayIcon" "$INSTDIR\${GUI_EXE},0"
  WriteRegStr HKCU "${UNINST_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINST_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINST_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINST_KEY}" "EstimatedSize" "$0"
SectionEnd

Section "Desktop icon" SecDesktop
  CreateShortCut "$DESKTOP\${APP_NAME}.lnk" "$INSTDIR\${GUI_EXE}" "" "$INSTDIR\${GUI_EXE}" 0
SectionEnd

LangString DESC_SecApp ${LANG_ENGLISH} "The Starwright builder, its Start menu entry and .starwright files opening in it."
LangString DESC_SecDesktop ${LANG_ENGLISH} "A Starwright icon on the desktop."
!insertmacro MUI_FUNCTION_DESCRIPTION_BEGIN
  !insertmacro MUI_DESCRIPTION_TEXT ${SecApp} $(DESC_SecApp)
  !insertmacro MUI_DESCRIPTION_TEXT ${SecDesktop} $(DESC_SecDesktop)
!insertmacro MUI_FUNCTION_DESCRIPTION_END

; After the sections, so that ${SecDesktop} is defined. The desktop icon is on unless /NODESKTOP is given
; (in a silent install there is no page to untick it on).
Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_ICONSTOP "${APP_NAME} needs 64-bit Windows." /SD IDOK
    Abort
  ${EndIf}
  SetShellVarContext current
  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/NODESKTOP" $R1
  ${IfNot} ${Errors}
    !insertmacro UnselectSection ${SecDesktop}
  ${EndIf}
FunctionEnd

Function un.onInit
  SetShellVarContext current
FunctionEnd

Section "Uninstall"
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"
  Delete "$DESKTOP\${APP_NAME}.lnk"
  ; Only the files the installer wrote: the app folder as shipped, and the uninstaller.
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\starwright.exe"
  Delete "$INSTDIR\${GUI_EXE}"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  ; What the app itself writes to %APPDATA%\Starwright and can make again: its settings (window size,
  ; recent files) and the cache of checked rules packs. House rules (rules\) and unsaved work
  ; (recovery\) are the player's: they stay, and so does the folder then.
  Delete "$APPDATA\Starwright\starwright.ini"
  RMDir /r "$APPDATA\Starwright\cache"
  RMDir "$APPDATA\Starwright"

  ; The association, only if it is still ours
  ReadRegStr $0 HKCU "Software\Classes\.starwright" ""
  ${If} $0 == "${PROG_ID}"
    DeleteRegValue HKCU "Software\Classes\.starwright" ""
    DeleteRegValue HKCU "Software\Classes\.starwright" "Content Type"
  ${EndIf}
  DeleteRegValue HKCU "Software\Classes\.starwright\OpenWithProgids" "${PROG_ID}"
  DeleteRegKey /ifempty HKCU "Software\Classes\.starwright\OpenWithProgids"
  DeleteRegKey /ifempty HKCU "Software\Classes\.starwright"
  DeleteRegKey HKCU "Software\Classes\${PROG_ID}"
  DeleteRegKey HKCU "Software\Classes\Applications\${GUI_EXE}"
  DeleteRegKey HKCU "${UNINST_KEY}"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd
