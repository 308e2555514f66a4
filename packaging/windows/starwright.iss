; Inno Setup 6 script for Starwright on Windows: wraps the PyInstaller one-folder build in an installer
; with a Start menu entry and the .starwright file association. It cannot run on Linux; it is built on
; a Windows runner by ../ci/build-installers.yml:
;
;   python -m PyInstaller --noconfirm --distpath dist --workpath build\pyinstaller packaging\starwright.spec
;   iscc /DAppVersion=<model.__version__> packaging\windows\starwright.iss
;
; makes dist\starwright-<version>-windows-x64-setup.exe. The version is passed in, never written here.
; dist\starwright\ holds starwright.exe (console: `starwright check/export` in a terminal) and
; starwrightw.exe (the same app without a console window: menu entry and double-clicked documents).

#ifndef AppVersion
  #error Pass the version from model.__version__: iscc /DAppVersion=X.Y.Z packaging\windows\starwright.iss
#endif
#ifndef SourceDir
  #define SourceDir "..\..\dist\starwright"
#endif
#define AppName "Starwright"
#define GuiExe "starwrightw.exe"
#define ProgId "Starwright.Document"

[Setup]
AppId={{6F0B8A52-3C1D-4E7A-9B25-57D3C0A41E8F}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Starwright contributors
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
OutputDir=..\..\dist
OutputBaseFilename=starwright-{#AppVersion}-windows-x64-setup
SetupIconFile=..\..\build\icons\starwright.ico
UninstallDisplayIcon={app}\{#GuiExe}
UninstallDisplayName={#AppName} {#AppVersion}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#GuiExe}"; Comment: "Build sci-fi tabletop crews and starships, checked against the rules"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#GuiExe}"; Tasks: desktopicon

[Registry]
; .starwright files open in Starwright (per user, or for all users when installed as administrator).
Root: HKA; Subkey: "Software\Classes\.starwright"; ValueType: string; ValueName: ""; ValueData: "{#ProgId}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.starwright\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#ProgId}"; ValueType: string; ValueName: ""; ValueData: "Starwright document"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#ProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#GuiExe},0"
Root: HKA; Subkey: "Software\Classes\{#ProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#GuiExe}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#GuiExe}\SupportedTypes"; ValueType: string; ValueName: ".starwright"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#GuiExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
