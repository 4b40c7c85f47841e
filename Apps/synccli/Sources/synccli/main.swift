// synccli: the composition root. Everything happens in SyncCLICore; this file only starts it.
import Foundation
import SyncCLICore

let code = await SyncCLI.run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
