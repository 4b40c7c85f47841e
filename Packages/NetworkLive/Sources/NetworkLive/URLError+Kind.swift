import Foundation
import NetworkInterface

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPTransportError.Kind {
    /// The kind of a URLSession failure.
    init(_ error: URLError) {
        switch error.code {
        case .timedOut: self = .timedOut
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            self = .cannotConnect
        case .networkConnectionLost, .badServerResponse, .cannotParseResponse, .zeroByteResource:
            self = .connectionLost
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired:
            self = .tls
        case .cancelled: self = .cancelled
        case .cannotOpenFile, .fileDoesNotExist, .noPermissionsToReadFile, .cannotCreateFile, .cannotWriteToFile:
            self = .localFile
        case .dataLengthExceedsMaximum: self = .responseTooLarge
        case .httpTooManyRedirects, .redirectToNonExistentLocation: self = .redirectRefused
        default: self = .other
        }
    }
}
