public import Foundation
public import NetworkInterface

/// What a contract case needs: a transport, an empty WebDAV collection it reaches, what the server
/// does where servers differ, and a local folder for file bodies and file destinations.
///
/// Build a fresh one for every case.
public struct NetworkContractFixture: Sendable {
    /// The implementation under test.
    public let transport: any HTTPTransport
    /// An existing, empty collection on the server, for this case alone; ends with `/`.
    public let base: URL
    /// How the server behind `transport` behaves where servers differ.
    public let traits: WebDAVServerTraits
    /// An existing, empty local folder (in the world the transport reads and writes files in).
    public let localFolder: URL
    /// Writes a local file in that world.
    public let writeLocalFile: @Sendable (URL, Data) throws -> Void
    /// Reads a local file in that world.
    public let readLocalFile: @Sendable (URL) throws -> Data
    /// The entry names of a local folder in that world.
    public let listLocalFolder: @Sendable (URL) throws -> [String]

    /// Creates a fixture.
    /// - Parameters:
    ///   - transport: the implementation under test.
    ///   - base: an existing, empty collection for this case alone, ending with `/`.
    ///   - traits: the server's behaviour where servers differ.
    ///   - localFolder: an existing, empty local folder.
    ///   - writeLocalFile: writes a file in the transport's local world.
    ///   - readLocalFile: reads a file in that world.
    ///   - listLocalFolder: lists a folder of that world.
    public init(
        transport: any HTTPTransport, base: URL, traits: WebDAVServerTraits, localFolder: URL,
        writeLocalFile: @escaping @Sendable (URL, Data) throws -> Void,
        readLocalFile: @escaping @Sendable (URL) throws -> Data,
        listLocalFolder: @escaping @Sendable (URL) throws -> [String]
    ) {
        self.transport = transport
        self.base = base
        self.traits = traits
        self.localFolder = localFolder
        self.writeLocalFile = writeLocalFile
        self.readLocalFile = readLocalFile
        self.listLocalFolder = listLocalFolder
    }
}
