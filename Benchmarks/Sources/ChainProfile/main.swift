import Foundation
import HTTPLoading
import LoaderChains

// A fixed amount of work for `valgrind --tool=callgrind` (which counts instructions, whatever
// else the machine is doing): COUNT requests through the terminal alone or the full chain over a
// terminal that answers at once.
//   valgrind --tool=callgrind .build/release/ChainProfile chain 20000
//   valgrind --tool=callgrind .build/release/ChainProfile terminal 20000
// (the chain's cost per request is the difference of the two totals over COUNT).

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2, ["chain", "terminal"].contains(arguments[0]), let count = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: ChainProfile chain|terminal COUNT\n".utf8))
    exit(2)
}
let base = URL(string: "https://bench.test")!
let loader: any HTTPLoader = arguments[0] == "chain" ? Chains.full(over: CannedLoader(), baseURL: base) : CannedLoader()
let requests = (0..<count).map { index in
    var request = LoadRequest(path: "/hello", queryItems: [URLQueryItem(name: "i", value: String(index))])
    if arguments[0] == "terminal" { ServerEnvironment(baseURL: base)!.apply(to: &request) }
    return request
}
var bytes = 0
for request in requests { bytes += try await loader.load(request).body.count }
print("\(count) requests, \(bytes) bytes")
