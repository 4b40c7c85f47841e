/// Modes: set-user-ID, set-group-ID and sticky bits never travel; a file nobody may read is
/// still a file (we run as root, which reads it anyway, as the Mock does).
extension BoundaryCorpus {
    /// File modes with special bits, and what a scan and a copy must show.
    private static let fileModes: [UInt32] = [0o6755, 0o4755, 0o2755, 0o1644, 0o7777, 0o4000, 0o0, 0o444, 0o200]

    static var modeCases: [BoundaryCase] {
        fileModes.flatMap(fileModeCases) + folderModeCases + setCases
    }

    private static func fileModeCases(_ mode: UInt32) -> [BoundaryCase] {
        let octal = "0o" + String(mode, radix: 8)
        return [
            BoundaryCase(
                .modes, "a \(octal) file is scanned and copied without special bits",
                setup: [.file("root/tool", contents: "#!/bin/sh\n", permissions: mode)],
                operations: [.scan(), .copy("tool", to: "tool"), .scan(.other), .digest("tool")]),
            BoundaryCase(
                .modes, "a \(octal) file is moved and removed like any file",
                setup: [.file("root/tool", permissions: mode)],
                operations: [
                    .move("tool", to: "moved"), .entry("moved"), .copy("moved", to: "again", into: .main),
                    .removeItem("moved"), .scan(),
                ]),
        ]
    }

    private static var folderModeCases: [BoundaryCase] {
        let modes: [UInt32] = [0o1777, 0o2775, 0o3777, 0o700, 0o0, 0o555]
        return modes.flatMap { mode -> [BoundaryCase] in
            let octal = "0o" + String(mode, radix: 8)
            return [
                BoundaryCase(
                    .modes, "a \(octal) folder is scanned without special bits, and a folder made in it has none",
                    setup: [.folder("root/shared", permissions: mode), .file("root/shared/f")],
                    operations: [
                        .scan(), .makeDirectory("shared/new"), .entry("shared/new"), .copy("shared/f", to: "f"),
                    ]),
                BoundaryCase(
                    .modes, "a \(octal) folder can be emptied, removed and re-made",
                    setup: [.folder("root/shared", permissions: mode), .file("root/shared/f")],
                    operations: [
                        .removeEmptyFolder("shared"), .removeItem("shared/f"), .removeEmptyFolder("shared"),
                        .makeDirectory("shared"),
                        .entry("shared"),
                    ]),
            ]
        }
    }

    private static var setCases: [BoundaryCase] {
        let requests: [UInt32] = [0o4755, 0o2755, 0o1777, 0o7777, 0o0, 0o10644]
        return requests.map { bits in
            let octal = "0o" + String(bits, radix: 8)
            return BoundaryCase(
                .modes, "setPermissions(\(octal)) sets only the permission bits on a file and a folder",
                setup: [.file("root/f"), .folder("root/d")]
                    + (bits & 0o600 == 0o600 ? [] : [.onlyAsRoot("copying a file its owner may not read")]),
                operations: [.setPermissions(bits, "f"), .setPermissions(bits, "d"), .scan(), .copy("f", to: "f")])
        }
    }
}
