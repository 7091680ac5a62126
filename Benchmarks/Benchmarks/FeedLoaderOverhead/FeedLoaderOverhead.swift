// Scrolls a 10,000-item in-memory feed through a FeedLoader, item by item as a list shows them,
// beside calling the same fetcher in a loop (the baseline). The fetcher does no I/O, so the
// difference is the machinery's own cost: actor hops, filtering, observation.
import Benchmark
import BenchmarkSupport
import FeedWorkloads

let benchmarks: @Sendable () -> Void = {
    let configuration = BenchmarkSupport.configuration(iterations: 60, seconds: 4)
    Benchmark("Fetcher called directly", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(await FeedScrolls.fetchDirectly()) }
    }
    Benchmark("FeedLoader no filters", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(await FeedScrolls.scroll(filtered: false)) }
    }
    Benchmark("FeedLoader 4 filters", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(await FeedScrolls.scroll(filtered: true)) }
    }
}
