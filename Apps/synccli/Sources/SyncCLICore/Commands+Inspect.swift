import FileSystemInterface
import FileTreeInterface
import Foundation
import SyncEngine

extension Commands {
    func status() async throws -> ExitCode {
        let manager = wiring.manager()
        var pairs: [SyncPair] = []
        var worst = ExitCode.success
        if let folder = invocation.positionals.first {
            pairs = [try await pair(forFolder: folder, in: manager)]
        } else {
            for known in try await knownPairs(manager) {
                switch known {
                case .success(let pair): pairs.append(pair)
                case .failure(let failure):
                    Console.error(failure.message)
                    worst = max(worst, failure.code)
                }
            }
        }
        struct Status: Encodable {
            var pair: String
            var folder: String
            var pendingActions: Int
            var conflicts: Int
            var notSynced: [String]
            var lastSyncs: [String: Date]
        }
        var statuses: [Status] = []
        for pair in pairs {
            let plan = try await manager.plan(pair)
            let syncs = try await manager.lastSyncs(of: pair)
            statuses.append(
                Status(
                    pair: pair.name, folder: pair.localRoot.displayPath,
                    pendingActions: plan.actions.count, conflicts: plan.conflicts.count,
                    notSynced: plan.unsynced.map(\.description), lastSyncs: syncs))
            let last = syncs.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.formatted(.iso8601))" }.joined(
                separator: ", ")
            var state: [String] = []
            if !plan.actions.isEmpty { state.append("\(Console.count(plan.actions.count, "change")) pending") }
            if !plan.unsynced.isEmpty { state.append("\(Console.count(plan.unsynced.count, "path")) not synced") }
            console.say(
                "\(pair.name) (\(pair.localRoot.displayPath)): \(plan.isInSync ? "in sync" : state.joined(separator: ", "))\(last.isEmpty ? "" : "; last synced by \(last)")"
            )
            for item in plan.unsynced { console.say("  not synced \(item)") }
        }
        if pairs.isEmpty && worst == .success { console.say("no pairs yet") }
        console.report(statuses)
        return worst
    }

    func pairs() async throws -> ExitCode {
        let pairs = try await wiring.manager().pairs()
        struct Entry: Encodable {
            var name: String
            var folder: String
        }
        for pair in pairs { console.say("\(pair.name)\t\(pair.localRoot.displayPath)") }
        if pairs.isEmpty { console.say("no pairs yet: run synccli sync <folder> to start one") }
        console.report(pairs.map { Entry(name: $0.name, folder: $0.localRoot.displayPath) })
        return .success
    }

    func conflicts() async throws -> ExitCode {
        let manager = wiring.manager()
        let pair = try await pair(forFolder: invocation.positionals[0], in: manager)
        let copies = try await manager.conflictCopies(of: pair)
        for copy in copies { console.say(copy.text) }
        if copies.isEmpty { console.say("no conflict copies in \(pair.localRoot.displayPath)") }
        console.report(copies.map(\.text))
        return .success
    }

    func trashList() async throws -> ExitCode {
        let manager = wiring.manager()
        let pair = try await pair(forFolder: invocation.positionals[0], in: manager)
        let items = try await manager.trash(of: pair)
        for item in items {
            console.say("\(item.run)\t\(item.side)\t\(Console.bytes(item.size))\t\(item.originalPath)")
        }
        if items.isEmpty { console.say("the trash of \(pair.name) is empty") }
        console.report(items)
        return .success
    }

    func trashRestore() async throws -> ExitCode {
        let manager = wiring.manager()
        let pair = try await pair(forFolder: invocation.positionals[0], in: manager)
        let wanted: RelativePath
        let destination: RelativePath?
        do {
            wanted = try RelativePath(invocation.positionals[1])
            destination = try invocation.options["to"].map { try RelativePath($0) }
        } catch let error as UnsafeNameError {
            throw CLIFailure(.refused, "\(error); paths are relative to the synced folder")
        }
        guard let item = try await manager.newestTrashed(wanted, of: pair) else {
            throw CLIFailure(.partial, "\(wanted) is not in the trash of \(pair.name) (see synccli trash list)")
        }
        try await manager.restore(item, of: pair, to: destination)
        console.say(
            "restored \(wanted) from \(item.run) (\(item.side) side) to \(destination ?? wanted); it syncs on the next run"
        )
        console.report(item)
        return .success
    }

    func containerShow() throws -> ExitCode {
        let shown = wiring.containerInForce()
        console.say("\(shown.folder ?? "(none)") (from \(shown.source))\(shown.problem.map { ": \($0)" } ?? "")")
        console.report(shown)
        return shown.isAvailable ? .success : .containerUnavailable
    }

    func containerSet() throws -> ExitCode {
        let typed = invocation.positionals[0]
        if let server = try ContainerArgument.serverURL(
            typed, label: "container set", credentials: wiring.credentialSources)
        {
            // A server is not contacted here: its side reports whether it is there at the next sync.
            try wiring.configureContainer(server)
            console.say("container set to \(server.displayPath) (the server is reached at the next sync)")
            return .success
        }
        let url = URL(filePath: typed, directoryHint: .isDirectory, relativeTo: URL.currentDirectory())
            .standardizedFileURL
            .resolvingSymlinksInPath()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.displayPath, isDirectory: &isFolder), isFolder.boolValue else {
            throw CLIFailure(
                .containerUnavailable, "\(url.displayPath) is missing or not a folder: the container was not changed")
        }
        try wiring.configureContainer(url)
        console.say("container set to \(url.displayPath)")
        return .success
    }
}
