/// Runs an action script step by step. Each step is atomic: its actions run on a copy of
/// the tree, and the first failing action discards the copy and reports which step and
/// action failed and why. Consecutive Nivelir stack modifiers on the same stack within a
/// step fold into one setStack, as Nivelir's ScreenSetStackAction does.
public enum ScriptRunner {
    /// The state after one step and the operations it performed.
    public struct StepResult: Sendable {
        /// The step's label, where it has one.
        public var label: String?
        /// The tree after the step.
        public var tree: Tree
        /// What the step's actions did, in execution order.
        public var operations: [TreeOperation]
    }

    /// Every step's result, in order; throws at the first failing step.
    public static func run(_ script: ActionScript) throws(ScriptError) -> [StepResult] {
        let (results, failure) = runUntilFailure(script)
        if let failure { throw failure }
        return results
    }

    /// The results of the steps up to the first failing one, and that step's failure (nil
    /// when every step ran). The tree after the last result is where the script stopped.
    public static func runUntilFailure(_ script: ActionScript) -> (results: [StepResult], failure: ScriptError?) {
        var tree = script.initial
        var results: [StepResult] = []
        for (index, step) in script.steps.enumerated() {
            do {
                let (next, ops) = try apply(step, index: index, to: tree, templates: script.templates)
                tree = next
                results.append(StepResult(label: step.label, tree: tree, operations: ops))
            } catch {
                return (results, error)
            }
        }
        return (results, nil)
    }

    /// One step on a copy of `tree`.
    static func apply(_ step: ActionScript.Step, index: Int, to tree: Tree, templates: Templates) throws(ScriptError) -> (Tree, [TreeOperation]) {
        var working = tree
        var ops: [TreeOperation] = []
        var i = 0
        let actions = step.actions
        while i < actions.count {
            do {
                if case .stack(let stackID, _) = actions[i] {
                    // Fold the run of modifiers on this stack.
                    var modifiers: [StackModifier] = []
                    var j = i
                    while j < actions.count, case .stack(let id, let m) = actions[j], id == stackID {
                        modifiers.append(m)
                        j += 1
                    }
                    ops += try NivelirStack.apply(modifiers, stack: stackID, on: &working)
                    i = j
                    continue
                }
                ops += try perform(actions[i], templates: templates, on: &working)
                i += 1
            } catch {
                throw ScriptError(step: index, stepLabel: step.label, action: i, verb: actions[i].verb, reason: error)
            }
        }
        return (working.compacted(), ops)
    }

    static func perform(_ action: Action, templates: Templates, on tree: inout Tree) throws(ActionError) -> [TreeOperation] {
        if tree.isEmpty {
            switch action {
            case .push, .show, .enter: break
            default: throw .emptyTree
            }
        }
        switch action {
        case .push(let node, let into): return try KatanaActions.push(node, into: into, on: &tree)
        case .pop(let id): return try KatanaActions.pop(id, on: &tree)
        case .change(let parent, let pop, let push): return try KatanaActions.change(parent: parent, pop: pop, push: push, on: &tree)
        case .activate(let id): return try KatanaActions.activate(id, on: &tree)
        case .route(let path): return try PortusActions.route(path, templates: templates, on: &tree)
        case .enter(let node, let into): return try PortusActions.enter(node, into: into, templates: templates, on: &tree)
        case .leave(let id): return try PortusActions.leave(id, on: &tree)
        case .switchTo(let container, let target): return try PortusActions.switchTo(in: container, to: target, on: &tree)
        case .show(let ids): return try TempuraActions.show(ids, on: &tree)
        case .hide(let id, let atomic): return try TempuraActions.hide(id, atomic: atomic, on: &tree)
        case .stack(let id, let m): return try NivelirStack.apply([m], stack: id, on: &tree)
        }
    }
}
