import Foundation

/// A user name and password for one server. Printing, dumping or interpolating it never shows
/// the password.
public struct Credentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable
{
    /// The user name; shown in descriptions.
    public let user: String
    /// The password; read it only to build a request header.
    public let password: String

    /// Creates credentials.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// The `Authorization` value for Basic authentication (RFC 7617, UTF-8).
    public var basicAuthorization: String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    public var description: String { "Credentials(user: \(user), password: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["user": user, "password": "<redacted>"]) }
}
