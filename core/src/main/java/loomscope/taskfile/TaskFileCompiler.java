package loomscope.taskfile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import com.sun.source.util.JavacTask;

/**
 * Compiles an audience's task file in this JVM ({@code javax.tools}) and checks its contract without loading it:
 * one top-level public class with a public no-argument constructor and {@code public void run(int index)}. The
 * classes are written to a folder for a child JVM to load; this JVM never loads them. {@code release} is the
 * feature release of the JVM that will run them (21 for a JDK 21 child), so an API newer than it is a compile error
 * here, not a crash there.
 */
public final class TaskFileCompiler {

    /** Larger sources are refused before the compiler sees them: a snippet, not a code base. */
    public static final long MAX_SOURCE_BYTES = 1 << 20;

    private TaskFileCompiler() { }

    /** One thing wrong, where: {@code FILE:line:col: message} (line and column 0 when it has no place). */
    public record Problem(Path file, long line, long column, String message) {
        public String cliLine() {
            return file + ":" + Math.max(line, 0) + ":" + Math.max(column, 0) + ": " + message;
        }
    }

    /** Either the compiled class, or what is wrong. */
    public sealed interface Result {
        record Compiled(Path classes, String className) implements Result { }

        record Failed(List<Problem> problems) implements Result {
            public Failed {
                problems = List.copyOf(problems);
            }
        }
    }

    public static Result compile(Path source, Path classes, int release) {
        String refused = refusal(source);
        if (refused != null) {
            return failed(source, 0, 0, refused);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            return failed(source, 0, 0, "this Java runtime has no compiler (javax.tools); run LoomScope on a JDK 25");
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            Files.createDirectories(classes);
            Iterable<? extends JavaFileObject> units = files.getJavaFileObjects(source);
            List<String> options = List.of("--release", Integer.toString(release), "-d", classes.toString(),
                    "-proc:none", "-Xlint:none", "-implicit:none");
            JavacTask task = (JavacTask) javac.getTask(null, files, diagnostics, options, null, units);
            Iterable<? extends Element> topLevel = task.analyze();
            List<Problem> problems = errors(source, diagnostics);
            if (!problems.isEmpty()) {
                return new Result.Failed(problems);
            }
            TypeElement taskClass = null;
            for (Element e : topLevel) {
                if (e instanceof TypeElement type && type.getModifiers().contains(Modifier.PUBLIC)
                        && type.getKind() == ElementKind.CLASS) {
                    taskClass = type;
                }
            }
            String contract = contractProblem(taskClass);
            if (contract != null) {
                return failed(source, 0, 0, contract);
            }
            task.generate();
            problems = errors(source, diagnostics);
            return problems.isEmpty() ? new Result.Compiled(classes, taskClass.getQualifiedName().toString())
                    : new Result.Failed(problems);
        } catch (IOException | IllegalStateException e) {
            return failed(source, 0, 0, "could not compile: " + e.getMessage());
        }
    }

    private static String refusal(Path source) {
        if (!Files.isRegularFile(source)) {
            return "not a file";
        }
        if (!Files.isReadable(source)) {
            return "cannot be read";
        }
        if (!source.getFileName().toString().endsWith(".java")) {
            return "must be a .java file";
        }
        try {
            long size = Files.size(source);
            return size > MAX_SOURCE_BYTES ? String.format(Locale.ROOT,
                    "is %,d bytes; a task file may have at most %,d", size, MAX_SOURCE_BYTES) : null;
        } catch (IOException e) {
            return "cannot be read: " + e.getMessage();
        }
    }

    /** The contract, so that snippets written anywhere run: what is missing, or null. */
    static String contractProblem(TypeElement type) {
        if (type == null) {
            return "needs one top-level public class with a public no-argument constructor and "
                    + "public void run(int index) throws Exception";
        }
        if (type.getModifiers().contains(Modifier.ABSTRACT)) {
            return "class " + type.getSimpleName() + " must not be abstract";
        }
        boolean constructor = ElementFilter.constructorsIn(type.getEnclosedElements()).stream()
                .anyMatch(c -> c.getModifiers().contains(Modifier.PUBLIC) && c.getParameters().isEmpty());
        if (!constructor) {
            return "class " + type.getSimpleName() + " needs a public no-argument constructor";
        }
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            if (m.getSimpleName().contentEquals("run") && m.getParameters().size() == 1
                    && m.getParameters().get(0).asType().getKind() == TypeKind.INT
                    && m.getModifiers().contains(Modifier.PUBLIC) && !m.getModifiers().contains(Modifier.STATIC)
                    && m.getReturnType().getKind() == TypeKind.VOID) {
                return null;
            }
        }
        return "class " + type.getSimpleName() + " needs public void run(int index) (not static): each virtual thread calls it";
    }

    private static List<Problem> errors(Path source, DiagnosticCollector<JavaFileObject> diagnostics) {
        List<Problem> problems = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                String message = d.getMessage(Locale.ROOT).lines().findFirst().orElse("error");
                problems.add(new Problem(source, d.getLineNumber(), d.getColumnNumber(), message));
            }
        }
        return problems;
    }

    private static Result failed(Path source, long line, long column, String message) {
        return new Result.Failed(List.of(new Problem(source, line, column, message)));
    }
}
