import FileAccessorInterface
import Foundation

/// Each pair's ``SyncHistory``, in `history.json` beside its archive (`<state>/pairs/<hex>/`).
///
/// It is advisory: it is written only where the pair's archive folder already exists (so a
/// failing first sync, or a manager that only reads, makes nothing), a write that fails is
/// skipped, and a damaged file reads as an empty history.
struct HistoryStore {
    var accessor: any FileAccessorProviding
    var archives: ArchiveStore

    func url(for pair: String) -> URL {
        archives.url(for: pair).deletingLastPathComponent().appending(path: "history.json")
    }

    /// The pair's history; empty when none is recorded or it cannot be read.
    func load(pair: String) -> SyncHistory {
        guard let data = try? accessor.read(from: url(for: pair)),
            let history = try? Self.decoder.decode(SyncHistory.self, from: data)
        else { return SyncHistory() }
        return history
    }

    /// Records a sync of `pair` that completed at `date` (clearing an earlier failure).
    func recordCompleted(pair: String, at date: Date) {
        save(SyncHistory(lastCompleted: date), pair: pair)
    }

    /// Records an attempt to sync `pair` that failed at `date` with `error`.
    func recordFailure(pair: String, at date: Date, error: any Error) {
        var history = load(pair: pair)
        history.lastFailure = SyncHistory.Failure(at: date, reason: String(describing: error))
        save(history, pair: pair)
    }

    private func save(_ history: SyncHistory, pair: String) {
        let url = url(for: pair)
        guard accessor.fileExists(at: url.deletingLastPathComponent()),
            let data = try? Self.encoder.encode(history)
        else { return }
        try? accessor.write(data, to: url)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
