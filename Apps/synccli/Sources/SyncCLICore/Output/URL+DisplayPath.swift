import FileSystemInterface
import Foundation

extension URL {
    /// The location as a person writes it: a folder's path with no trailing slash (except for
    /// `/`), a server's URL whole but never with a user name or password.
    var displayPath: String { ContainerAddress.display(self) }
}
