/// Precedence of `-->`: right-associative, so a chain is wired from its end and the expression
/// evaluates to its head.
precedencegroup LoaderChainingPrecedence {
    higherThan: NilCoalescingPrecedence
    associativity: right
}

/// Wires loaders into a chain: `log --> environment --> retry --> transport`.
infix operator --> : LoaderChainingPrecedence

/// Connects `lhs` to `rhs` and returns `lhs`, the head of the chain.
@discardableResult
public func --> <Head: ChainedLoader>(lhs: Head, rhs: any HTTPLoader) -> Head {
    lhs.next.connect(rhs)
    return lhs
}
