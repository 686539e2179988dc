<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ActivationsLessonMixin</name>
    <message>
        <location filename="../../gatelab/ui/activations_lesson.py" line="+111"/>
        <source>Probe z = −1</source>
        <translation>探测 z = −1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ReLU is 0 with gradient 0, but SiLU still passes {0} with gradient {1}.</source>
        <translation>ReLU 为 0，梯度也为 0；而 SiLU 仍输出 {0}，梯度为 {1}。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Find SiLU&apos;s minimum</source>
        <translation>找到 SiLU 的最小值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SiLU bottoms out at {0} at z = {1}; its slope there is 0.0000.</source>
        <translation>SiLU 在 z = {1} 处降到最低点 {0}；该处斜率为 0.0000。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare GELU exact and tanh</source>
        <translation>比较 GELU 精确式与 tanh 近似</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>They differ most at z = ±2.70. At z = −2.70: GELU {0} vs tanh {1}, a gap of only {2}; everywhere else it is smaller.</source>
        <translation>两者在 z = ±2.70 处相差最大。在 z = −2.70 处：GELU 为 {0}，tanh 近似为 {1}，差距仅 {2}；其他位置差距更小。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>SiLU is z times a sigmoid gate</source>
        <translation>SiLU 是 z 乘以一个 sigmoid 门控</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At z = 2: σ = {0}, SiLU = {1} = 2 × {0}, ReLU = 2.0000.</source>
        <translation>在 z = 2 处：σ = {0}，SiLU = {1} = 2 × {0}，ReLU = 2.0000。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Go far left: z = −6</source>
        <translation>移到左侧远处：z = −6</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SiLU {0} is nearly 0 like ReLU, yet its gradient {1} is not exactly 0.</source>
        <translation>SiLU 为 {0}，与 ReLU 一样几乎为 0，但其梯度 {1} 并不严格为 0。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Is a SwiGLU gate SiLU(g) a switch between 0 and 1?</source>
        <translation>SwiGLU 的门控 SiLU(g) 是介于 0 和 1 之间的开关吗？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Yes: always between 0 and 1</source>
        <translation>是：始终在 0 和 1 之间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No: SiLU ranges over [−0.278, ∞)</source>
        <translation>不是：SiLU 的取值范围是 [−0.278, ∞)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Yes, but only for g &gt; 0</source>
        <translation>是，但仅当 g &gt; 0 时</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>That is the sigmoid σ(g), the gate of the original GLU. SiLU is g·σ(g): it grows without bound for large g and dips below 0 for negative g.</source>
        <translation>那是 sigmoid σ(g)，即原始 GLU 的门控。SiLU 是 g·σ(g)：g 很大时它无上界地增长，g 为负时会降到 0 以下。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SiLU&apos;s minimum is −0.2785 at g = −1.2785 and it has no upper limit, so the gate can scale u up, shrink it or flip its sign. Only sigmoid gates stay inside (0, 1).</source>
        <translation>SiLU 的最小值为 −0.2785（位于 g = −1.2785），且没有上界，因此门控可以放大 u、缩小 u 或翻转其符号。只有 sigmoid 门控才保持在 (0, 1) 之内。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>For g &gt; 0 SiLU(g) lies between g/2 and g, so SiLU(3) = 2.8577 is well above 1. Nothing keeps a SiLU gate below 1.</source>
        <translation>当 g &gt; 0 时，SiLU(g) 介于 g/2 与 g 之间，所以 SiLU(3) = 2.8577 远大于 1。没有任何机制让 SiLU 门控保持在 1 以下。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>At z = −1, which activation still sends gradient back?</source>
        <translation>在 z = −1 处，哪个激活函数仍能回传梯度？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Neither: both are off for z &lt; 0</source>
        <translation>都不能：z &lt; 0 时两者都处于关闭状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SiLU (0.072), not ReLU (0)</source>
        <translation>SiLU（0.072），而不是 ReLU（0）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ReLU: its kink is at z = −1</source>
        <translation>ReLU：它的拐点在 z = −1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ReLU is off there, but SiLU is not: SiLU(−1) = −0.269 and its slope is 0.072. A unit that lands at z = −1 still learns with SiLU.</source>
        <translation>ReLU 在那里处于关闭状态，但 SiLU 没有：SiLU(−1) = −0.269，斜率为 0.072。落在 z = −1 的单元用 SiLU 仍能学习。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ReLU&apos;s output and slope are exactly 0 for every z &lt; 0, so no gradient passes. SiLU&apos;s slope 0.072 is small but not zero, so the weights before it keep learning.</source>
        <translation>对所有 z &lt; 0，ReLU 的输出和斜率都严格为 0，因此没有梯度通过。SiLU 的斜率 0.072 虽小但不为零，所以它之前的权重仍在学习。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ReLU&apos;s kink is at z = 0, not −1. For every z &lt; 0 its slope is exactly 0, so it sends no gradient back at z = −1.</source>
        <translation>ReLU 的拐点在 z = 0，而不是 −1。对所有 z &lt; 0，它的斜率都严格为 0，因此在 z = −1 处不回传任何梯度。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>How far apart are GELU and its tanh approximation?</source>
        <translation>GELU 与其 tanh 近似相差多少？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Under 0.0005; most at z = ±2.70</source>
        <translation>不到 0.0005；在 z = ±2.70 处最大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About 0.05 near z = 0</source>
        <translation>在 z = 0 附近约 0.05</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>They are exactly equal</source>
        <translation>两者完全相等</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The largest gap is 0.00047, at z = ±2.70, and at z = 0 both are exactly 0. The tanh form was used because it was cheaper to compute, and the two are close enough to be treated as the same curve.</source>
        <translation>最大差距为 0.00047，出现在 z = ±2.70 处；在 z = 0 处两者都严格为 0。采用 tanh 形式是因为它计算更便宜，而两者足够接近，可视为同一条曲线。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>At z = 0 both curves are exactly 0, so the gap there is 0. The largest gap anywhere is 0.00047, near z = ±2.70.</source>
        <translation>在 z = 0 处两条曲线都严格为 0，所以那里的差距为 0。全局最大差距为 0.00047，在 z = ±2.70 附近。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>They are close but not equal: tanh only approximates the Gaussian CDF Φ. Probe z = −2.699 and compare the two rows of the table.</source>
        <translation>两者接近但不相等：tanh 只是近似高斯 CDF Φ。探测 z = −2.699，比较表格中的这两行。</translation>
    </message>
</context>
<context>
    <name>ActivationsPanel</name>
    <message>
        <location filename="../../gatelab/ui/activations_panel.py" line="+132"/>
        <source>Activation functions f(z) (solid) and derivatives f′(z) (dashed)</source>
        <translation>激活函数 f(z)（实线）及其导数 f′(z)（虚线）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>z (pre-activation, unitless)</source>
        <translation>z（预激活值，无量纲）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>f(z), f′(z)</source>
        <translation>f(z), f′(z)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SiLU&apos;s minimum</source>
        <translation>SiLU 的最小值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SiLU min {0} at z = {1}</source>
        <translation>SiLU 最小值 {0}，位于 z = {1}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Drag to probe the curves at z</source>
        <translation>拖动以在 z 处探测各曲线</translation>
    </message>
    <message>
        <location line="+162"/>
        <source>Hover over the plot to read every curve at that z.</source>
        <translation>将鼠标悬停在图上，读取该 z 处每条曲线的值。</translation>
    </message>
    <message>
        <location line="-161"/>
        <source>What the curves do at the probe z, in plain words</source>
        <translation>用通俗的话说明各曲线在探针 z 处的表现</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/activations_names.py" line="+12"/>
        <source>SiLU</source>
        <translation>SiLU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ReLU</source>
        <translation>ReLU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GELU</source>
        <translation>GELU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GELU tanh</source>
        <translation>GELU tanh</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Swish β=1</source>
        <translation>Swish β=1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>σ sigmoid</source>
        <translation>σ sigmoid</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tanh</source>
        <translation>tanh</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>identity</source>
        <translation>恒等</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>softplus</source>
        <translation>softplus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mish</source>
        <translation>Mish</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>SiLU  z·σ(z)</source>
        <translation>SiLU z·σ(z)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ReLU  max(0, z)</source>
        <translation>ReLU max(0, z)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GELU  z·Φ(z)</source>
        <translation>GELU z·Φ(z)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GELU (tanh approx.)</source>
        <translation>GELU（tanh 近似）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Swish  z·σ(βz)</source>
        <translation>Swish z·σ(βz)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>σ(z)</source>
        <translation>σ(z)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tanh(z)</source>
        <translation>tanh(z)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>z</source>
        <translation>z</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>softplus  log(1+eᶻ)</source>
        <translation>softplus log(1+eᶻ)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mish  z·tanh(softplus z)</source>
        <translation>Mish z·tanh(softplus z)</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/activations_panel.py" line="+1"/>
        <source>Activations shown</source>
        <translation>显示的激活函数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show {0} and its derivative</source>
        <translation>显示 {0} 及其导数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show derivatives f′(z) (dashed)</source>
        <translation>显示导数 f′(z)（虚线）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Draw each activation&apos;s exact derivative</source>
        <translation>绘制每个激活函数的精确导数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Range and probe</source>
        <translation>范围与探针</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Left end of the z axis</source>
        <translation>z 轴左端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right end of the z axis</source>
        <translation>z 轴右端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Probe position z (or drag the vertical line)</source>
        <translation>探针位置 z（也可拖动竖线）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>z min</source>
        <translation>z 最小值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>z max</source>
        <translation>z 最大值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>probe z</source>
        <translation>探针 z</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Readout at z</source>
        <translation>z 处读数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>activation</source>
        <translation>激活函数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>f(z)</source>
        <translation>f(z)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>f′(z)</source>
        <translation>f′(z)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exact value and derivative of each shown activation at z</source>
        <translation>所显示的每个激活函数在 z 处的精确值和导数</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>z must be a finite number</source>
        <translation>z 必须是有限数</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/activations_state.py" line="+81"/>
        <source>z min must be below z max ({0})</source>
        <translation>z 最小值必须小于 z 最大值（{0}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>z min must be at least {0}: the range may be at most 10⁶ wide</source>
        <translation>z 最小值不能小于 {0}：范围宽度最多为 10⁶</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>z max must be above z min ({0})</source>
        <translation>z 最大值必须大于 z 最小值（{0}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>z max must be at most {0}: the range may be at most 10⁶ wide</source>
        <translation>z 最大值不能大于 {0}：范围宽度最多为 10⁶</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/activations_panel.py" line="+91"/>
        <source>hover z = {0}:  {1}</source>
        <translation>悬停 z = {0}：{1}</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/activations_lesson.py" line="-116"/>
        <location filename="../../gatelab/ui/activations_panel.py" line="+1"/>
        <source>no curve shown</source>
        <translation>未显示曲线</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/activations_panel.py" line="+71"/>
        <source>dashed: derivative f′(z)</source>
        <translation>虚线：导数 f′(z)</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/activations_lesson.py" line="-25"/>
        <source>z ≤ −5: SiLU ≈ {0} is nearly 0 like ReLU, and its gradient {1} is tiny but not exactly 0.</source>
        <translation>z ≤ −5：SiLU ≈ {0}，与 ReLU 一样几乎为 0；其梯度 {1} 很小，但并不严格为 0。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Near SiLU&apos;s minimum: it bottoms out at {0} at z = {1}; its gradient is ≈ 0 here ({2}), ReLU is exactly 0.</source>
        <translation>接近 SiLU 的最小值：在 z = {1} 处降到最低点 {0}；此处梯度 ≈ 0（{2}），ReLU 则严格为 0。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>z &lt; 0: ReLU is exactly 0, SiLU still leaks {0} and has gradient {1}.</source>
        <translation>z &lt; 0：ReLU 严格为 0，SiLU 仍漏出 {0}，梯度为 {1}。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>z = 0: ReLU has its kink here; SiLU passes through 0 smoothly with slope {0}.</source>
        <translation>z = 0：ReLU 在此处有拐点；SiLU 以斜率 {0} 平滑地穿过 0。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>z &gt; 0: ReLU passes z = {0} through unchanged; SiLU gives {1} (a little less, approaching z as z grows) with gradient {2}.</source>
        <translation>z &gt; 0：ReLU 原样输出 z = {0}；SiLU 输出 {1}（略小，随 z 增大趋近 z），梯度为 {2}。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>At z = {0}, {1} is {2} with slope {3}.</source>
        <translation>在 z = {0} 处，{1} 为 {2}，斜率为 {3}。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>At z = {0}, the widest gap between the shown curves is {1}: {2} {3} vs {4} {5}.</source>
        <translation>在 z = {0} 处，所显示曲线之间的最大差距为 {1}：{2} {3} 对比 {4} {5}。</translation>
    </message>
</context>
<context>
    <name>ActivationsStateMixin</name>
    <message>
        <location filename="../../gatelab/ui/activations_state.py" line="-55"/>
        <source>The activation curves&apos; state must be a JSON object.</source>
        <translation>激活函数曲线的状态必须是 JSON 对象。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>“derivatives” must be true or false.</source>
        <translation>“derivatives”必须为 true 或 false。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The z range must satisfy z min &lt; z max and be at most 10⁶ wide.</source>
        <translation>z 范围必须满足 z 最小值 &lt; z 最大值，且宽度最多为 10⁶。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The probe z must lie inside the z range.</source>
        <translation>探针 z 必须位于 z 范围之内。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>“shown” must be a list of at most {0} activation names.</source>
        <translation>“shown”必须是一个列表，最多包含 {0} 个激活函数名称。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unknown activation in “shown”; valid names: {0}.</source>
        <translation>“shown”中有未知的激活函数；有效名称：{0}。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>“{0}” must be a finite number within ±10⁶.</source>
        <translation>“{0}”必须是 ±10⁶ 以内的有限数。</translation>
    </message>
</context>
<context>
    <name>BigIntField</name>
    <message>
        <location filename="../../gatelab/ui/budget_fields.py" line="+78"/>
        <source>enter a whole number</source>
        <translation>请输入整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+38"/>
        <source>must be at least {0}</source>
        <translation>不能小于 {0}</translation>
    </message>
    <message>
        <location line="-36"/>
        <location line="+10"/>
        <location line="+28"/>
        <source>too large (at most {0})</source>
        <translation>太大（最多 {0}）</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>enter a number</source>
        <translation>请输入数字</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>“{0}” is not a number</source>
        <translation>“{0}”不是数字</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>enter a finite whole number</source>
        <translation>请输入有限的整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>enter a whole number (no fractions)</source>
        <translation>请输入整数（不能有小数）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>write it out in digits: {0}</source>
        <translation>请用数字完整写出：{0}</translation>
    </message>
</context>
<context>
    <name>BudgetCharts</name>
    <message>
        <location filename="../../gatelab/ui/budget_charts.py" line="+36"/>
        <source>embeddings</source>
        <extracomment>&quot;Where the parameters live&quot;: one colour per B.SPLIT_PARTS entry (attention split in two).</extracomment>
        <translation>嵌入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>full attention</source>
        <translation>全注意力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>linear attention</source>
        <translation>线性注意力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>norms</source>
        <translation>归一化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LM head</source>
        <translation>LM 输出头</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{0} layers: {1} linear attention (Gated DeltaNet, {2} each) + {3} full attention ({4} each)</source>
        <translation>{0} 层：{1} 层线性注意力（Gated DeltaNet，每层 {2}）+ {3} 层全注意力（每层 {4}）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{0} layers, all full attention ({1} each)</source>
        <translation>{0} 层，全部为全注意力（每层 {1}）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>; every layer carries the same MLP ({0})</source>
        <translation>；每层都带有相同的 MLP（{0}）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{0} {1} layers with an MLP of {2}</source>
        <translation>{0} 个{1}层，MLP 为 {2}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>routed</source>
        <translation>路由</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dense</source>
        <translation>稠密</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>. Multi-token-prediction layer (in the checkpoint, not in the total): {0}</source>
        <translation>。多 token 预测层（在检查点中，不计入总数）：{0}</translation>
    </message>
</context>
<context>
    <name>BudgetFilesMixin</name>
    <message>
        <location filename="../../gatelab/ui/budget_import.py" line="+92"/>
        <location line="+5"/>
        <source>Reading {0}…</source>
        <translation>正在读取 {0}…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Reading {0}: shard {1} of {2}…</source>
        <translation>正在读取 {0}：第 {1} 个分片，共 {2} 个…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Cannot read config.json</source>
        <translation>无法读取 config.json</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+19"/>
        <source>{0}

{1}</source>
        <translation>{0}

{1}</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Loaded {0}: {1} parameters</source>
        <translation>已加载 {0}：{1} 个参数</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot read safetensors</source>
        <translation>无法读取 safetensors</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>config.json beside the file</source>
        <translation>同目录下的 config.json</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>(config.json beside the file is unreadable: {0})</source>
        <translation>（同目录下的 config.json 无法读取：{0}）</translation>
    </message>
    <message>
        <location line="-42"/>
        <source>Could not read {0}</source>
        <translation>无法读取 {0}</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>the selected model {0} (no config.json beside the file)</source>
        <translation>所选模型 {0}（同目录下没有 config.json）</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Open config.json</source>
        <translation>打开 config.json</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model config (*.json);;All files (*)</source>
        <translation>模型配置 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open safetensors</source>
        <translation>打开 safetensors</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Safetensors (*.safetensors *.safetensors.index.json);;All files (*)</source>
        <translation>Safetensors (*.safetensors *.safetensors.index.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Saved {0}</source>
        <translation>已保存 {0}</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location line="-42"/>
        <source>{0}: {1}, {2} parameters</source>
        <translation>{0}：{1}，{2} 个参数</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Could not write {0}</source>
        <translation>无法写入 {0}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Export charts</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
</context>
<context>
    <name>BudgetLessons</name>
    <message>
        <location filename="../../gatelab/ui/budget_lessons.py" line="+40"/>
        <source>This step could not set the tab up: {0}</source>
        <translation>此步骤无法设置该标签页：{0}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The preset {0} is missing: reinstall gatelab&apos;s presets first.</source>
        <translation>缺少预设 {0}：请先重新安装 gatelab 的预设。</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Toggle classic 4× ↔ gated 8/3</source>
        <translation>切换经典 4× ↔ 门控 8/3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each press flips the FFN: classic 4× (m = 16,384) has 2·d·m = 134,217,728 = 8d²; gated 8/3 (m = 10,923) has 3·d·m = 134,221,824, still 8d² (+4,096).</source>
        <translation>每按一次就切换 FFN：经典 4×（m = 16,384）有 2·d·m = 134,217,728 = 8d²；门控 8/3（m = 10,923）有 3·d·m = 134,221,824，仍为 8d²（+4,096）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Why 11008? (d = 4096)</source>
        <translation>为什么是 11008？（d = 4096）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>8/3 · 4096 = 10,922.67 is not a whole number; rounded up to a multiple of 256 it becomes m = 11,008, 0.78 % above 8d².</source>
        <translation>8/3 · 4096 = 10,922.67 不是整数；向上取整到 256 的倍数后得到 m = 11,008，比 8d² 多 0.78 %。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Qwen3.5-0.8B: MLP vs embeddings</source>
        <translation>Qwen3.5-0.8B：MLP 与嵌入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In its table row, MLP (all layers) is 264,241,152 and the embedding table 254,279,680: about as large as each other.</source>
        <translation>在它的表格行中，MLP（所有层）为 264,241,152，嵌入表为 254,279,680：两者大小相当。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>d = 4096: attention vs FFN</source>
        <translation>d = 4096：注意力与 FFN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention per layer is 4d² = 67,108,864 (≈ 67 M), the classic FFN 8d² = 134,217,728 (≈ 134 M): the FFN is twice attention.</source>
        <translation>每层注意力为 4d² = 67,108,864（≈ 67 M），经典 FFN 为 8d² = 134,217,728（≈ 134 M）：FFN 是注意力的两倍。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Dense → MoE: total vs active</source>
        <translation>稠密 → MoE：总量与激活量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pressing it makes Yours Mistral-7B, dense: 7,241,732,096 parameters, all used per token. Beside it Mixtral-8x7B: 46,702,792,704 in total, but 2 of 8 experts run, so 12.9 B are active.</source>
        <translation>按下后，你的模型变为稠密的 Mistral-7B：7,241,732,096 个参数，每个 token 全部用到。旁边是 Mixtral-8x7B：总计 46,702,792,704 个参数，但 8 个专家中只运行 2 个，因此激活参数为 12.9 B。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Why is the MLP one of the largest parameter blocks in a transformer layer?</source>
        <translation>为什么 MLP 是 Transformer 层中最大的参数块之一？</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Its matrices are wide: d × m with m ≈ 2.7–4 d, about 8d² per layer</source>
        <translation>它的矩阵很宽：d × m，其中 m ≈ 2.7–4 d，每层约 8d²</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Each of its two or three matrices is d × m and m is several times d, so the FFN holds about 8d² per layer. Attention&apos;s four d × d projections hold 4d², half as much.</source>
        <translation>它的两个或三个矩阵都是 d × m，而 m 是 d 的数倍，所以 FFN 每层约有 8d² 个参数。注意力的四个 d × d 投影共 4d²，只有它的一半。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>It stores the token embedding table</source>
        <translation>它存储了 token 嵌入表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The embedding table (vocab × d) is a separate block before the first layer. In a small model it can be as large as all MLPs together, but it is not part of them.</source>
        <translation>嵌入表（词表 × d）是第一层之前的一个独立参数块。在小模型中，它可能与所有 MLP 加起来一样大，但它不属于 MLP。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Its activation function has many parameters</source>
        <translation>它的激活函数有很多参数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SiLU, GELU and ReLU have no parameters at all. All of the MLP&apos;s weights sit in gate_proj, up_proj and down_proj.</source>
        <translation>SiLU、GELU 和 ReLU 根本没有参数。MLP 的全部权重都在 gate_proj、up_proj 和 down_proj 中。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>A gated MLP has three matrices instead of two. Does it cost 50 % more parameters?</source>
        <translation>门控 MLP 有三个矩阵而不是两个。它的参数会多 50 % 吗？</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Yes: three matrices always cost 1.5× two</source>
        <translation>会：三个矩阵总是两个的 1.5 倍</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only at the same m. Gated designs shrink m from 4d to about 8d/3, so the three matrices together stay at 8d².</source>
        <translation>只有在 m 相同时才成立。门控设计把 m 从 4d 缩小到约 8d/3，因此三个矩阵合计仍为 8d²。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No: m shrinks to about 8d/3, so 3·d·m stays ≈ 8d²</source>
        <translation>不会：m 缩小到约 8d/3，所以 3·d·m 仍 ≈ 8d²</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>3 · d · 8d/3 = 8d², exactly what classic 4× spends (2 · d · 4d). Rounding m up to a multiple of 256 adds a little, e.g. 0.78 % at 11,008.</source>
        <translation>3 · d · 8d/3 = 8d²，与经典 4× 的开销（2 · d · 4d）完全相同。把 m 向上取整到 256 的倍数会略微增加一些，例如 11,008 时多 0.78 %。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No: the gate matrix is shared between layers</source>
        <translation>不会：门控矩阵在各层之间共享</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every layer has its own gate_proj. The saving comes from the smaller intermediate width m, not from sharing.</source>
        <translation>每一层都有自己的 gate_proj。节省来自更小的中间维 m，而不是共享。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>In an MoE model such as Mixtral-8x7B, which count sets the compute per token?</source>
        <translation>在 Mixtral-8x7B 这样的 MoE 模型中，哪个数量决定每个 token 的计算量？</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The total: 46.7 B parameters</source>
        <translation>总量：46.7 B 个参数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The total must fit in memory, but a token only passes through the experts the router picks. Most experts sit idle for any one token.</source>
        <translation>总量必须装得进内存，但一个 token 只经过路由器选中的专家。对任意一个 token 来说，大多数专家都处于空闲状态。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The active parameters: 12.9 B, only the routed experts run</source>
        <translation>激活参数：12.9 B，只有被路由到的专家才运行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Mixtral routes each token to 2 of 8 experts, so about 12.9 B of its 46.7 B parameters do the work: memory like a big model, compute like a small one.</source>
        <translation>Mixtral 把每个 token 路由到 8 个专家中的 2 个，因此其 46.7 B 参数中约有 12.9 B 在干活：内存占用像大模型，计算量像小模型。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The embedding table</source>
        <translation>嵌入表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Looking a token up in the embedding table is a row copy, not a matrix product; the MLP experts and attention do the compute.</source>
        <translation>在嵌入表中查找一个 token 只是复制一行，而不是矩阵乘法；计算由 MLP 专家和注意力完成。</translation>
    </message>
</context>
<context>
    <name>BudgetLoadMixin</name>
    <message>
        <location filename="../../gatelab/ui/budget_load.py" line="+69"/>
        <source>{0} does not fit the fields.</source>
        <translation>{0} 无法填入输入框。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>what the preset counts only approximately (see the note below)</source>
        <translation>该预设只能近似计数的部分（见下方说明）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Loaded {0}: your fields count exactly its {1} parameters.</source>
        <translation>已载入 {0}：你的输入框精确算出它的 {1} 个参数。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>nothing the fields can name</source>
        <translation>没有输入框能指明的部分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>about {0}</source>
        <translation>约 {0}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loaded {0} only partly. Left out: {1}. Your fields count {2} ({3}); {0} has {4}.</source>
        <translation>{0} 只载入了一部分。未包含：{1}。你的输入框算出 {2}（{3}）；{0} 有 {4}。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>head size {0} (the fields use d ÷ heads)</source>
        <translation>每头维度 {0}（输入框使用 d ÷ 头数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>attention biases</source>
        <translation>注意力偏置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MLP biases</source>
        <translation>MLP 偏置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>word embeddings of width {0} (projected to and from d)</source>
        <translation>宽度为 {0} 的词嵌入（与 d 之间有投影）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the lm_head bias</source>
        <translation>lm_head 偏置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>token-type embeddings ({0} types)</source>
        <translation>token 类型嵌入（{0} 种类型）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the pooler</source>
        <translation>池化层（pooler）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the attention output gate</source>
        <translation>注意力输出门控</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>q/k norms</source>
        <translation>q/k 归一化</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>attention sinks</source>
        <translation>注意力汇聚（sink）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its norm layout ({0}, {1} per layer)</source>
        <translation>其归一化布局（{0}，每层 {1} 个）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>learned position embeddings ({0} positions)</source>
        <translation>可学习的位置嵌入（{0} 个位置）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>1 dense first layer of width {1} (loaded as an expert layer)</source>
        <translation>第 1 层为宽度 {1} 的稠密层（按专家层载入）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0} dense first layers of width {1} (loaded as expert layers)</source>
        <translation>前 {0} 层为宽度 {1} 的稠密层（按专家层载入）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the shared expert (width {0})</source>
        <translation>共享专家（宽度 {0}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>router and expert biases or gates</source>
        <translation>路由器与专家的偏置或门控</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the encoder–decoder structure (its {0} encoder layers are counted as decoder layers; cross-attention is not)</source>
        <translation>编码器–解码器结构（其 {0} 个编码器层按解码器层计数；交叉注意力未计入）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the cross-attention block in every layer</source>
        <translation>每一层中的交叉注意力块</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>relative-position tables</source>
        <translation>相对位置表</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its {0} linear-attention layers (Gated DeltaNet; counted as full attention)</source>
        <translation>它的 {0} 个线性注意力层（Gated DeltaNet；按完整注意力计数）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>multi-head latent attention (MLA; counted as plain attention)</source>
        <translation>多头潜在注意力（MLA；按普通注意力计数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 multi-token-prediction layer</source>
        <translation>1 个多 token 预测层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0} multi-token-prediction layers</source>
        <translation>{0} 个多 token 预测层</translation>
    </message>
</context>
<context>
    <name>BudgetPanel</name>
    <message>
        <location filename="../../gatelab/ui/budget_panel.py" line="+224"/>
        <source>Intermediate width m of the FFN (Up/Down keys step by the rounding multiple)</source>
        <translation>FFN 的中间维 m（上/下方向键按取整倍数步进）</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Gated MLPs (SwiGLU, GeGLU…) have a third matrix</source>
        <translation>门控 MLP（SwiGLU、GeGLU…）多一个矩阵</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The rules round m up to a multiple of this (64, 128, 256 or any)</source>
        <translation>各规则把 m 向上取整到此数的倍数（64、128、256 或任意）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>8/3 rule</source>
        <translation>8/3 规则</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Llama rule</source>
        <translation>Llama 规则</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>4×</source>
        <translation>4×</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Toggle classic 4× ↔ gated 8/3</source>
        <translation>切换 经典 4× ↔ 门控 8/3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Biases in the FFN</source>
        <translation>FFN 中含偏置</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>Number of transformer layers</source>
        <translation>Transformer 层数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Key/value heads: = heads for MHA, fewer for GQA, 1 for MQA</source>
        <translation>键/值头数：MHA 等于头数，GQA 更少，MQA 为 1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vocabulary size (embedding rows)</source>
        <translation>词表大小（嵌入矩阵行数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Routed experts per layer (MoE), each an FFN of width m; 0 for a dense model</source>
        <translation>每层的路由专家数（MoE），每个专家是宽度为 m 的 FFN；稠密模型为 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Experts each token is routed to</source>
        <translation>每个 token 路由到的专家数</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Tie LM head to the embedding</source>
        <translation>LM 输出头与嵌入共享权重</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>FFN</source>
        <translation>FFN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Width m</source>
        <translation>宽度 m</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Round up to</source>
        <translation>向上取整到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heads</source>
        <translation>头数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Attention heads (head size = d ÷ heads)</source>
        <translation>注意力头数（每头维度 = d ÷ 头数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vocab</source>
        <translation>词表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Active experts</source>
        <translation>激活专家数</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Your model</source>
        <translation>你的模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gated (gate, up, down): 3dm</source>
        <translation>门控式（门控、上投影、下投影）：3dm</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Classic (up, down): 2dm</source>
        <translation>经典式（上投影、下投影）：2dm</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>m = ceil(8d/3) rounded up to the multiple: the gated width matching classic 4×</source>
        <translation>m = ceil(8d/3) 向上取整到倍数：与经典 4× 参数量相当的门控宽度</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>m = int(2·4d/3) rounded up to the multiple (4096 → 11008)</source>
        <translation>m = int(2·4d/3) 向上取整到倍数（4096 → 11008）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>m = 4d, the classic transformer FFN</source>
        <translation>m = 4d，经典 Transformer 的 FFN</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Switch between the two parameter-matched designs and watch the matrices share the same 8d²</source>
        <translation>在两种参数量相当的设计之间切换，观察各矩阵如何分摊同样的 8d²</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Classic adds m + d biases, gated 2m + d</source>
        <translation>经典结构增加 m + d 个偏置，门控结构增加 2m + d 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tied models store one [vocab, d] matrix instead of two</source>
        <translation>共享权重的模型只存一个 [vocab, d] 矩阵，而不是两个</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The real model drawn beside yours</source>
        <translation>与你的模型并排绘制的真实模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load into my fields</source>
        <translation>载入到我的输入框</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy this model&apos;s sizes into the fields above</source>
        <translation>把该模型的尺寸复制到上面的输入框</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open config.json…</source>
        <translation>打开 config.json…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Count a Hugging Face model from its config.json</source>
        <translation>根据 config.json 统计 Hugging Face 模型的参数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open safetensors…</source>
        <translation>打开 safetensors…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List a .safetensors file&apos;s tensors (header only) and cross-check them against the config</source>
        <translation>列出 .safetensors 文件中的张量（只读文件头），并与配置交叉核对</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>Not a valid model: {0}. Greyed below: the last valid model&apos;s numbers.</source>
        <translation>不是有效的模型：{0}。下方灰色显示的是上一个有效模型的数字。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Greyed below: the numbers of the fields&apos; last accepted values.</source>
        <translation>下方灰色显示的是各字段上一次被接受的值所对应的数字。</translation>
    </message>
    <message>
        <location line="-101"/>
        <source>Real model</source>
        <translation>真实模型</translation>
    </message>
    <message>
        <location line="-41"/>
        <source>Width d</source>
        <translation>宽度 d</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Hidden width d (n_embd, d_model); any size, exact</source>
        <translation>隐藏维 d（n_embd、d_model）；任意大小，精确计算</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>gate</source>
        <translation>门控</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>up</source>
        <translation>上投影</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>down</source>
        <translation>下投影</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>share of the model&apos;s parameters (%)</source>
        <translation>占模型参数量的比例（%）</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Export charts as PNG…</source>
        <translation>将图表导出为 PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save both charts as one PNG image</source>
        <translation>把两张图表保存为一张 PNG 图像</translation>
    </message>
    <message>
        <location line="-63"/>
        <source>Compare presets</source>
        <translation>预设模型对比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint (safetensors)</source>
        <translation>检查点（safetensors）</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>FFN weights per layer, in units of d²</source>
        <translation>每层 FFN 权重，以 d² 为单位</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Yours</source>
        <translation>你的模型</translation>
    </message>
</context>
<context>
    <name>BudgetReadoutMixin</name>
    <message>
        <location filename="../../gatelab/ui/budget_readout.py" line="+58"/>
        <source>&lt;b&gt;FFN per layer&lt;/b&gt;: {0} = {1} ({2} d²)</source>
        <translation>&lt;b&gt;每层 FFN&lt;/b&gt;：{0} = {1}（{2} d²）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Break-even with classic 4× (8d²): m = 8d/3 = {0}; yours: {1} params ({2:+.2f} %)</source>
        <translation>与经典 4×（8d²）持平：m = 8d/3 = {0}；你的：{1} 个参数（{2:+.2f} %）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>8/3 rule ↑{0}: {1} · Llama rule: {2} · MiniMind rule: {3}</source>
        <translation>8/3 规则 ↑{0}：{1} · Llama 规则：{2} · MiniMind 规则：{3}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Attention per layer: {0}</source>
        <translation>每层注意力：{0}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MoE: {0} experts of width m per layer, {1} active per token: {2} FFN parameters per layer, {3} active</source>
        <translation>MoE：每层 {0} 个宽度为 m 的专家，每 token 激活 {1} 个：每层 FFN 参数 {2} 个，其中激活 {3} 个</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;Total&lt;/b&gt;: {0} ({1}) · MLP share {2:.1f} % · MLP FLOPs/token {3}</source>
        <translation>&lt;b&gt;总计&lt;/b&gt;：{0}（{1}）· MLP 占比 {2:.1f} % · MLP FLOPs/token {3}</translation>
    </message>
    <message>
        <location line="+14"/>
        <source> (head size ⌊{0} / {1}⌋ = {2}: q, k and v are {3} wide, not d = {0}, as transformers&apos; Mistral and Qwen2 build it; its Llama refuses such a d)</source>
        <translation>（头大小 ⌊{0} / {1}⌋ = {2}：q、k、v 的宽度为 {3}，而不是 d = {0}；transformers 的 Mistral 和 Qwen2 就是这样构建的，其 Llama 则拒绝这样的 d）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Same-parameter classic width: {0} (= ⌈3m/2⌉)</source>
        <translation>参数量相同的经典宽度：{0}（= ⌈3m/2⌉）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Same-parameter gated width: {0} (= ⌈2m/3⌉)</source>
        <translation>参数量相同的门控宽度：{0}（= ⌈2m/3⌉）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, or {0} rounded up to a multiple of {1}</source>
        <translation>，向上取整到 {1} 的倍数为 {0}</translation>
    </message>
    <message>
        <location line="+16"/>
        <source> (1 expert)</source>
        <translation>（1 个专家）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Classic 4×</source>
        <translation>经典 4×</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gated 8/3</source>
        <translation>门控 8/3</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+15"/>
        <location line="+57"/>
        <source>Yours</source>
        <translation>你的模型</translation>
    </message>
    <message>
        <location line="-62"/>
        <source>&lt;b&gt;Gate, up and down&lt;/b&gt; — classic 4× and gated 8/3 spend the same 8d²</source>
        <translation>&lt;b&gt;门控、上投影与下投影&lt;/b&gt; — 经典 4× 与门控 8/3 花费同样的 8d²</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Yours: active</source>
        <translation>你的模型：激活</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> (estimate)</source>
        <translation>（估计）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0}: active</source>
        <translation>{0}：激活</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Where the parameters live&lt;/b&gt; — whole model; for MoE, total vs active per token</source>
        <translation>&lt;b&gt;参数分布在哪里&lt;/b&gt; — 整个模型；MoE 模型对比总量与每 token 激活量</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{0}: {1} parameters ({2}); active per token {3}; MLP FLOPs/token {4}; source: {5}</source>
        <translation>{0}：{1} 个参数（{2}）；每 token 激活 {3}；MLP FLOPs/token {4}；来源：{5}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not exact:</source>
        <translation>不精确：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0}: about {1} parameters (estimate); source: {2}</source>
        <translation>{0}：约 {1} 个参数（估计）；来源：{2}</translation>
    </message>
</context>
<context>
    <name>BudgetReopenMixin</name>
    <message>
        <location filename="../../gatelab/ui/budget_reopen.py" line="+171"/>
        <source>Not reopened: {0}</source>
        <extracomment>reader kind → settings key (inside the panel&apos;s group)</extracomment>
        <translation>未重新打开：{0}</translation>
    </message>
</context>
<context>
    <name>BudgetStateMixin</name>
    <message>
        <location filename="../../gatelab/ui/budget_state.py" line="+65"/>
        <source>the budget&apos;s state must be an object</source>
        <extracomment>state key → (field attribute, minimum)</extracomment>
        <translation>预算的状态必须是一个对象</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{0} must be true or false</source>
        <translation>{0} 必须为 true 或 false</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>preset must be a model name</source>
        <translation>preset 必须是模型名称</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>view must be one of {0}</source>
        <translation>view 必须是 {0} 之一</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{0} must be a whole number</source>
        <translation>{0} 必须是整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0} must be between {1} and {2}</source>
        <translation>{0} 必须介于 {1} 和 {2} 之间</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The state&apos;s real model {0} is not open in this session (a file opened by hand?): open its config.json again to compare with it; {1} is shown.</source>
        <translation>状态中的真实模型 {0} 在本次会话中没有打开（是手动打开的文件吗？）：请重新打开它的 config.json 以便与之比较；现在显示的是 {1}。</translation>
    </message>
</context>
<context>
    <name>CheckpointView</name>
    <message>
        <location filename="../../gatelab/ui/budget_checkpoint.py" line="+132"/>
        <source>Open a .safetensors file or a sharded model.safetensors.index.json: only the header is read (names, dtypes, shapes), never the weights.</source>
        <translation>打开 .safetensors 文件或分片的 model.safetensors.index.json：只读取文件头（名称、数据类型、形状），从不读取权重。</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>Part</source>
        <translation>部分</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>1 tensor</source>
        <translation>1 个张量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0} tensors</source>
        <translation>{0} 个张量</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From config</source>
        <translation>按配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Difference</source>
        <translation>差值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint tensor elements versus the count derived from the config, part by part</source>
        <translation>逐部分对比检查点张量元素数与按配置推算的参数量</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+4"/>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Short</source>
        <translation>简写</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MLP gate</source>
        <translation>MLP gate</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MLP up</source>
        <translation>MLP up</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MLP down</source>
        <translation>MLP down</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MLP gate+up (fused)</source>
        <translation>MLP gate+up（融合）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Experts (routed)</source>
        <translation>专家（路由）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Shared expert</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Router</source>
        <translation>路由器</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Norms</source>
        <translation>归一化</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>LM head</source>
        <translation>LM 输出头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Vision/audio towers</source>
        <translation>视觉/音频塔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantization metadata (not params)</source>
        <translation>量化元数据（不是参数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Buffers / tied copies (not params)</source>
        <translation>缓冲区 / 共享副本（不是参数）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>&lt;b&gt;{0}&lt;/b&gt;: {1}, {2} parameters ({3}).</source>
        <translation>&lt;b&gt;{0}&lt;/b&gt;：{1}，{2} 个参数（{3}）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>From the tensors: d = {0}, m = {1}, vocab = {2}.</source>
        <translation>由张量推得：d = {0}，m = {1}，vocab = {2}。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>From the tensors: d = {0}, vocab = {1}.</source>
        <translation>由张量推得：d = {0}，vocab = {1}。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Quantized storage detected: see the notes; stored elements are not parameters one for one.</source>
        <translation>检测到量化存储：请看说明；存储的元素数与参数量并非一一对应。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Compared with: {0}</source>
        <translation>对比对象：{0}</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Showing the first {0} of {1} tensors</source>
        <translation>显示 {1} 个张量中的前 {0} 个</translation>
    </message>
</context>
<context>
    <name>CorpusBox</name>
    <message>
        <location filename="../../gatelab/ui/trainer_corpus.py" line="+115"/>
        <source>Text to learn (corpus)</source>
        <translation>要学习的文本（语料）</translation>
    </message>
    <message>
        <location line="-63"/>
        <source>Python source (~1 MB)</source>
        <translation>Python 源码（约 1 MB）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python source (standard library, ~1 MB)</source>
        <translation>Python 源码（标准库，约 1 MB）</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Generated demo text (60 kB, quick)</source>
        <translation>生成的演示文本（60 kB，较快）</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>What the model learns to continue, one character at a time</source>
        <translation>模型要学会逐字符续写的内容</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open text file…</source>
        <translation>打开文本文件…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train on any UTF-8 text file</source>
        <translation>用任意 UTF-8 文本文件训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The first characters of the corpus</source>
        <translation>语料开头的若干字符</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+39"/>
        <source>Reading the corpus…</source>
        <translation>正在读取语料…</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Open a text file to train on</source>
        <translation>打开用于训练的文本文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Text files (*.txt *.md *.py);;All files (*)</source>
        <translation>文本文件 (*.txt *.md *.py);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Cannot use {0}</source>
        <translation>无法使用 {0}</translation>
    </message>
    <message>
        <location line="-1"/>
        <location line="+6"/>
        <source>Cannot use {0}: {1}</source>
        <translation>无法使用 {0}：{1}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>it is too large ({0:,} bytes; limit {1:,})</source>
        <translation>文件过大（{0:,} 字节；上限 {1:,}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>there is no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is a folder, not a text file</source>
        <translation>这是一个文件夹，不是文本文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the file is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it holds only whitespace, no text</source>
        <translation>它只含空白字符，没有文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it looks binary (it contains NUL bytes), not text</source>
        <translation>它看起来是二进制文件（含有 NUL 字节），不是文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is not valid UTF-8 text (bad byte at offset {0})</source>
        <translation>它不是有效的 UTF-8 文本（偏移 {0} 处有错误字节）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it is too short ({0:,} characters); block size {1} needs at least {2:,} (one block + 1 for training and one for validation)</source>
        <translation>文本太短（{0:,} 个字符）；块大小 {1} 至少需要 {2:,} 个字符（训练和验证各需一个块加 1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it is not a regular file (a pipe, device or socket)</source>
        <translation>它不是普通文件（而是管道、设备或套接字）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is not a regular file</source>
        <translation>它不是普通文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it cannot be read (permission denied)</source>
        <translation>无法读取（权限不足）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it cannot be opened ({0})</source>
        <translation>无法打开（{0}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>reading it failed ({0})</source>
        <translation>读取失败（{0}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it has {0:,} distinct characters; the character-level trainer accepts at most {1:,} (pick a text in fewer scripts)</source>
        <translation>它有 {0:,} 种不同字符；字符级训练器最多接受 {1:,} 种（请选择文字种类更少的文本）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>{0:,} characters ({1:,} bytes), vocabulary {2} symbols. &lt;span style=&apos;color:#666&apos;&gt;{3}&lt;/span&gt;</source>
        <translation>{0:,} 个字符（{1:,} 字节），词表 {2} 个符号。&lt;span style=&apos;color:#666&apos;&gt;{3}&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="-52"/>
        <source>Cannot use this corpus: {0}</source>
        <translation>无法使用此语料：{0}</translation>
    </message>
</context>
<context>
    <name>ErrorLine</name>
    <message>
        <location filename="../../gatelab/ui/trainer_error_line.py" line="+82"/>
        <source>Could not resume: {0}</source>
        <translation>无法继续训练：{0}</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>{0} is no longer trained by another process: Resume continues it.</source>
        <translation>{0} 已不再由其他进程训练：按“继续”即可接着训练。</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/field_errors.py" line="+164"/>
        <source>{0} (and {1} more: hover to read)</source>
        <translation>{0}（另有 {1} 条：悬停查看）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{0}: {1}</source>
        <translation>{0}：{1}</translation>
    </message>
</context>
<context>
    <name>ExperimentView</name>
    <message>
        <location filename="../../gatelab/ui/experiment_view.py" line="+166"/>
        <source>First FFN variant</source>
        <translation>第一个 FFN 变体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Second FFN variant</source>
        <translation>第二个 FFN 变体</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>seeds: </source>
        <translation>种子数：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>▶ Run experiment</source>
        <translation>▶ 运行实验</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train every variant with every seed, one after another, using the model and training settings on the left</source>
        <translation>使用左侧的模型和训练设置，依次用每个种子训练每个变体</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>▶ Continue experiment</source>
        <translation>▶ 继续实验</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Finish the experiment on show in its own folder: train only its missing and unfinished runs (an interrupted run resumes from its checkpoint) with the experiment&apos;s own settings and step count, keep its finished runs, then give the verdict</source>
        <translation>在实验自己的文件夹中完成当前显示的实验：只训练缺失和未完成的运行（被中断的运行从检查点继续），使用实验自己的设置和步数，保留已完成的运行，然后给出结论</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>■ Stop</source>
        <translation>■ 停止</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Trains both variants at equal FFN parameters (gated m matched to classic 4·d, or to the form&apos;s intermediate width for the first variant) with several seeds, using the other settings on the left. Tip: a few hundred steps on the generated text take a minute or two on a CPU.</source>
        <translation>在 FFN 参数量相等的条件下用多个种子训练两个变体（门控的 m 与经典 4·d 匹配，或与第一个变体在表单中的中间维匹配），其余设置取自左侧。提示：在生成文本上训练几百步，CPU 上约需一两分钟。</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Validation loss: mean ± std over seeds</source>
        <translation>验证损失：各种子的均值 ± 标准差</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each band spans mean − std … mean + std of the seeds&apos; curves</source>
        <translation>每条色带覆盖各种子曲线的 均值 − 标准差 … 均值 + 标准差</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Quantity</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Runs per variant, 2 to 20: the spread across seeds is the noise, and one run has no spread</source>
        <translation>每个变体的运行次数，2 到 20：各种子之间的离散程度就是噪声，而一次运行没有离散程度</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>with</source>
        <translation>与</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>val loss</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Opening experiment {0}…</source>
        <translation>正在打开实验 {0}…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Not started: {0}</source>
        <translation>未开始：{0}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not started: pick two different variants</source>
        <translation>未开始：请选择两个不同的变体</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training {0} runs…</source>
        <translation>正在进行 {0} 次训练…</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>run {0} of {1}: {2}, seed {3} · step {4}</source>
        <translation>第 {0}/{1} 次运行：{2}，种子 {3} · 第 {4} 步</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Training {0} runs… {1} finished so far: their results are below; the verdict may change as the others finish.</source>
        <translation>正在训练 {0} 次运行… 已完成 {1} 次：结果见下方；其余运行完成后结论可能改变。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>failed ({0} of {1} steps)</source>
        <translation>失败（{0}/{1} 步）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The experiment stopped with an error: {0}</source>
        <translation>实验因错误而停止：{0}</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>stopped ({0} of {1} steps)</source>
        <translation>已停止（{0}/{1} 步）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Experiment stopped: {0} of {1} runs finished</source>
        <translation>实验已停止：{1} 个运行中已完成 {0} 个</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> (so far: {0})</source>
        <translation>（目前：{0}）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>none yet: {0} of {1} runs finished{2}</source>
        <translation>暂无：{1} 个运行中已完成 {0} 个{2}</translation>
    </message>
    <message>
        <location line="-59"/>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Verdict: {0}</source>
        <translation>结论：{0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Experiment: {0}</source>
        <translation>实验：{0}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Experiment stopped with {0} of {1} runs finished: their results are shown, which is not a verdict yet{2}. Every run is kept in Runs, and Continue experiment finishes the rest in the same folder.</source>
        <translation>实验已停止，{1} 个运行中已完成 {0} 个：显示的是它们的结果，这还不是结论{2}。所有运行都保存在“运行”中，“继续实验”会在同一文件夹中完成其余运行。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Experiment stopped before its first run finished; it is kept in Runs.</source>
        <translation>实验在第一次运行完成前已停止；它保存在“运行记录”中。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>{0}: final val loss (m = {1}, {2:,} params)</source>
        <translation>{0}：最终验证损失（m = {1}，{2:,} 个参数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0}: final val loss (m = {1})</source>
        <translation>{0}：最终验证损失（m = {1}）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>difference (runner-up − best)</source>
        <translation>差值（次优 − 最优）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>noise floor (3σ of reruns)</source>
        <translation>噪声下限（重复运行的 3σ）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>verdict</source>
        <translation>结论</translation>
    </message>
</context>
<context>
    <name>ExportButton</name>
    <message>
        <location filename="../../gatelab/ui/inside_export.py" line="+172"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/export_dialog.py" line="+120"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved {0}</source>
        <translation>已保存 {0}</translation>
    </message>
</context>
<context>
    <name>ForwardMapLesson</name>
    <message>
        <location filename="../../gatelab/ui/forward_map_lesson.py" line="+40"/>
        <source>The Qwen3.5-0.8B preset is missing from resources/presets: reinstall gatelab.</source>
        <translation>resources/presets 中缺少 Qwen3.5-0.8B 预设：请重新安装 gatelab。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Open the Live trainer tab first (Ctrl+4), then run this step again.</source>
        <translation>请先打开“实时训练”标签页（Ctrl+4），然后再运行这一步。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The Live trainer&apos;s form has a value it cannot use: fix it in the Live trainer tab (Ctrl+4), then run this step again.</source>
        <translation>“实时训练”的表单中有无法使用的值：请在“实时训练”标签页（Ctrl+4）中修正，然后再运行这一步。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Qwen3.5-0.8B&apos;s gated MLP</source>
        <translation>Qwen3.5-0.8B 的门控 MLP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gate_proj and up_proj widen 1024 → 3584, down_proj narrows 3584 → 1024; 1024 → 3584 → 1024 in each of 24 layers.</source>
        <translation>gate_proj 与 up_proj 扩宽 1024 → 3584，down_proj 收窄 3584 → 1024；24 层中每层都是 1024 → 3584 → 1024。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pick the ⊙</source>
        <translation>选中 ⊙</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SiLU(g) ⊙ u: 3584 products element by element; no weights, not a matrix product.</source>
        <translation>SiLU(g) ⊙ u：逐元素相乘得到 3584 个乘积；没有权重，也不是矩阵乘积。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Follow the residual stream</source>
        <translation>跟随残差流</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The MLP&apos;s output is added to the stream of width 1024: a small correction. Click the marked + to open Inside the model, which measures how small.</source>
        <translation>MLP 的输出被加到宽度为 1024 的残差流上：只是一个小修正。点击标出的 + 打开“模型内部”，测量它到底有多小。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The LM head</source>
        <translation>LM 输出头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LM head: 1024 → 248,320, one logit per vocabulary entry; the embedding is a table of 248,320 × 1024 numbers.</source>
        <translation>LM 输出头：1024 → 248,320，词表中每个词条对应一个 logit；嵌入是一张 248,320 × 1024 的数表。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Your trainer&apos;s model</source>
        <translation>你在实时训练中的模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The caption names the Live trainer&apos;s form, and the MLP box shows its d → m → d and layer count.</source>
        <translation>说明文字标出“实时训练”的表单，MLP 方框显示其 d → m → d 和层数。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Is the ⊙ in the gated MLP a matrix product?</source>
        <translation>门控 MLP 中的 ⊙ 是矩阵乘积吗？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Yes: an m × m weight matrix</source>
        <translation>是：一个 m × m 的权重矩阵</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No: an element-wise product</source>
        <translation>不是：逐元素乘积</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Yes: it is down_proj</source>
        <translation>是：它就是 down_proj</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>⊙ has no weights at all. The MLP&apos;s only matrices are gate_proj, up_proj and down_proj.</source>
        <translation>⊙ 根本没有权重。MLP 仅有的矩阵是 gate_proj、up_proj 和 down_proj。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Neuron i multiplies its own act(g_i) by its own u_i, so m products and no weights. That is why the gate can switch each neuron on or off separately.</source>
        <translation>神经元 i 用自己的 act(g_i) 乘以自己的 u_i，因此共 m 个乘积，没有权重。正因如此，门控可以单独开启或关闭每个神经元。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>down_proj is the narrowing matrix after ⊙: it maps the m products back to d. ⊙ itself only multiplies pairs.</source>
        <translation>down_proj 是 ⊙ 之后的收窄矩阵：它把 m 个乘积映射回 d 维。⊙ 本身只做成对相乘。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Which projections widen d → m?</source>
        <translation>哪些投影执行 d → m 的扩宽？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gate_proj and up_proj</source>
        <translation>gate_proj 和 up_proj</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>down_proj only</source>
        <translation>只有 down_proj</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all three</source>
        <translation>三个都是</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Both read the d-wide residual stream and produce m numbers each: the pre-gates g and the values u. For Qwen3.5-0.8B that is 1024 → 3584.</source>
        <translation>两者都读取宽度为 d 的残差流，各产生 m 个数：门控前值 g 和值 u。对 Qwen3.5-0.8B 来说就是 1024 → 3584。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>down_proj narrows: it takes the m products back to d so they can be added to the residual stream.</source>
        <translation>down_proj 负责收窄：它把 m 个乘积变回 d 维，以便加到残差流上。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Two widen and one narrows; otherwise the output could not be added to the d-wide residual stream.</source>
        <translation>两个扩宽，一个收窄；否则输出无法加到宽度为 d 的残差流上。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What does the + after the MLP do?</source>
        <translation>MLP 之后的 + 起什么作用？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It replaces the stream with the MLP&apos;s output</source>
        <translation>用 MLP 的输出替换残差流</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It adds the MLP&apos;s output to the stream</source>
        <translation>把 MLP 的输出加到残差流上</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It multiplies the stream by the MLP&apos;s output</source>
        <translation>将残差流乘以 MLP 的输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The stream keeps its value; the MLP&apos;s output is added on top. Drop the MLP and the stream still flows.</source>
        <translation>残差流保留原值，MLP 的输出叠加在其上。去掉 MLP，残差流照样流动。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Each layer adds a correction to the residual stream. Inside the model measures it: the MLP&apos;s output is usually much smaller than the stream it is added to.</source>
        <translation>每一层都向残差流加上一个修正。“模型内部”标签页会测量它：MLP 的输出通常比它所叠加的残差流小得多。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It is a plain sum. The only element-wise product in the layer is the ⊙ inside the gated MLP.</source>
        <translation>这只是普通的求和。层中唯一的逐元素乘积是门控 MLP 内部的 ⊙。</translation>
    </message>
</context>
<context>
    <name>ForwardMapPanel</name>
    <message>
        <location filename="../../gatelab/ui/forward_map.py" line="+115"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the sizes again from Inside the model, the Live trainer or Parameter budget</source>
        <translation>重新从“模型内部”“实时训练”或“参数预算”读取尺寸</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Inside the model</source>
        <translation>模型内部</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live trainer</source>
        <translation>实时训练</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Parameter budget</source>
        <translation>参数预算</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Whose model the map shows. Automatic: the model analysed in Inside the model, else the Live trainer&apos;s form, else the model picked in Parameter budget</source>
        <translation>图中显示哪个模型。自动：优先使用“模型内部”中分析的模型，其次是“实时训练”表单中的模型，再次是“参数预算”中选择的模型</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sizes from</source>
        <translation>尺寸来源</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One forward pass, top to bottom. Click a box (or move to it with Tab or the arrow keys and press Enter) to open the tab that explains it.</source>
        <translation>一次前向传播，自上而下。点击某个方框（或用 Tab 键、方向键移到该方框后按 Enter），即可打开讲解它的标签页。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Forward-pass map</source>
        <translation>前向传播图</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The forward-pass state must be an object.</source>
        <translation>前向传播状态必须是一个对象。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Unknown box {0!r} in the forward-pass state.</source>
        <translation>前向传播状态中有未知方框 {0!r}。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A classic MLP has no {0} box.</source>
        <translation>经典 MLP 没有 {0} 方框。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This model has no {0} box.</source>
        <translation>这个模型没有 {0} 方框。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The forward-pass sizes must be an object of numbers and names.</source>
        <translation>前向传播尺寸必须是由数字和名称组成的对象。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Bad forward-pass sizes: {0}</source>
        <translation>前向传播尺寸无效：{0}</translation>
    </message>
    <message>
        <location line="+93"/>
        <source>Opening:</source>
        <translation>正在打开：</translation>
    </message>
</context>
<context>
    <name>GatePlaneControls</name>
    <message>
        <location filename="../../gatelab/ui/gate_plane_names.py" line="+12"/>
        <source>open gate, negative u: h = −2.4527</source>
        <translation>门控打开、u 为负：h = −2.4527</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>negative gate flips the sign: h = +0.2846</source>
        <translation>负门控翻转符号：h = +0.2846</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SiLU(2) = 1.7616, times u = 0.5: h = 0.8808</source>
        <translation>SiLU(2) = 1.7616，乘以 u = 0.5：h = 0.8808</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>closed gate, yet ∂h/∂g = 0.5: it can still be pushed open</source>
        <translation>门控关闭，但 ∂h/∂g = 0.5：仍可被推开</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>outside the map: h = 99.9955 (SwiGLU is unbounded)</source>
        <translation>超出图范围：h = 99.9955（SwiGLU 无上界）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>SwiGLU  h = SiLU(g)·u</source>
        <translation>SwiGLU h = SiLU(g)·u</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GEGLU  h = GELU(g)·u</source>
        <translation>GEGLU h = GELU(g)·u</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GEGLU (tanh)  h = GELUₜ(g)·u</source>
        <translation>GEGLU (tanh) h = GELUₜ(g)·u</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ReGLU  h = ReLU(g)·u</source>
        <translation>ReGLU h = ReLU(g)·u</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GLU  h = σ(g)·u</source>
        <translation>GLU h = σ(g)·u</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bilinear  h = g·u</source>
        <translation>双线性 h = g·u</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SwiGLU clamped (gpt-oss)  h = g·σ(αg)·(u+1)</source>
        <translation>SwiGLU 截断版（gpt-oss） h = g·σ(αg)·(u+1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SwiGLU soft-capped  h = cap(SiLU g, β₁)·cap(u, β₂)</source>
        <translation>SwiGLU 软上限版 h = cap(SiLU g, β₁)·cap(u, β₂)</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/gate_plane_tips.py" line="+21"/>
        <source>all three side by side</source>
        <translation>三张并排</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>h only</source>
        <translation>仅 h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>∂h/∂g only</source>
        <translation>仅 ∂h/∂g</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>∂h/∂u only</source>
        <translation>仅 ∂h/∂u</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>These neurons come from the live training run: its &quot;Gate plane shows&quot; control on the Trainer tab sets their layer</source>
        <translation>这些神经元来自实时训练运行：由训练标签页上的“门控平面显示”控件决定它们所在的层</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Which layer&apos;s neurons to show (load a run&apos;s neurons first)</source>
        <translation>显示哪一层的神经元（请先加载某次运行的神经元）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This model has one layer</source>
        <translation>该模型只有一层</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Trained as {0}; the maps show {1}.</source>
        <translation>训练时为 {0}；图中显示的是 {1}。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>These neurons&apos; (g, u) come from a model trained as {0}; h and the gradients drawn under them are what {1} makes of those inputs, not what that model computed.</source>
        <translation>这些神经元的 (g, u) 来自一个以 {0} 训练的模型；其下所画的 h 和梯度是 {1} 对这些输入算出的值，而不是那个模型实际算出的值。</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/gate_plane_controls.py" line="+82"/>
        <source>Point (g, u)</source>
        <translation>点 (g, u)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Gate pre-activation g; type a value and press Enter</source>
        <translation>门控预激活值 g；输入数值后按回车</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Up pre-activation u; type a value and press Enter</source>
        <translation>上投影预激活值 u；输入数值后按回车</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Quick points from the lessons:</source>
        <translation>课程中的示例点：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Click or drag on a map; arrow keys nudge by 0.1 (Shift: 0.01).</source>
        <translation>在图上点击或拖动；方向键微调 0.1（Shift：0.01）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Exact values at (g, u)</source>
        <translation>(g, u) 处的精确值</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>gate pre-activation</source>
        <translation>门控预激活值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>up pre-activation</source>
        <translation>上投影预激活值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the up branch B(u) that act(g) multiplies: h = act(g)·B(u)</source>
        <translation>act(g) 所乘的上投影分支 B(u)：h = act(g)·B(u)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>act(g)  gate value</source>
        <translation>act(g) 门控值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the gate branch</source>
        <translation>门控分支</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>h  output</source>
        <translation>h 输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the neuron&apos;s output h = A(g)·B(u)</source>
        <translation>神经元的输出 h = A(g)·B(u)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gradient reaching the gate input g</source>
        <translation>传到门控输入 g 的梯度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gradient reaching the up input u</source>
        <translation>传到上投影输入 u 的梯度</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Gate variant</source>
        <translation>门控变体</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Which gated MLP: h = A(g)·B(u)</source>
        <translation>选择门控 MLP：h = A(g)·B(u)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>β in SiLU(βg)·u (β = 1 is SwiGLU)</source>
        <translation>SiLU(βg)·u 中的 β（β = 1 即 SwiGLU）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gpt-oss clamp: g ≤ limit, u ∈ [−limit, limit]</source>
        <translation>gpt-oss 截断：g ≤ 上限，u ∈ [−上限, 上限]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gpt-oss α in g·σ(αg)</source>
        <translation>gpt-oss 中 g·σ(αg) 的 α</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>soft cap β₁ of the gate: β₁·tanh(SiLU(g)/β₁)</source>
        <translation>门控的软上限 β₁：β₁·tanh(SiLU(g)/β₁)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>soft cap β₂ of the up branch: β₂·tanh(u/β₂)</source>
        <translation>上投影分支的软上限 β₂：β₂·tanh(u/β₂)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>limit</source>
        <extracomment>Label of the field for gpt-oss&apos;s clamp value (7 by default): g ≤ limit, u ∈ [−limit, limit]. A word to translate (e.g. 上限), not a code name; its tooltip names it too.</extracomment>
        <translation>上限</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Map window</source>
        <translation>图范围</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>left edge of the maps (g)</source>
        <translation>图的左边界（g）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>right edge of the maps (g)</source>
        <translation>图的右边界（g）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bottom edge of the maps (u)</source>
        <translation>图的下边界（u）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>top edge of the maps (u)</source>
        <translation>图的上边界（u）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>pixels per side ({0}…{1})</source>
        <translation>每边像素数（{0}…{1}）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the gate counts as closed where |act(g)| &lt; ε</source>
        <translation>|act(g)| &lt; ε 处视为门控关闭</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Show the three maps side by side or one at a time</source>
        <translation>三张图并排显示，或一次显示一张</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>g min</source>
        <translation>g 最小值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>g max</source>
        <translation>g 最大值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>u min</source>
        <translation>u 最小值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>u max</source>
        <translation>u 最大值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>resolution</source>
        <translation>分辨率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ε (closed)</source>
        <translation>ε（关闭）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>show</source>
        <translation>显示</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Trained neurons</source>
        <translation>训练后的神经元</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Load neurons from run…</source>
        <translation>从运行记录加载神经元…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Overlay the (g, u) of a trained model&apos;s neurons (the run&apos;s stats.npz)</source>
        <translation>叠加显示训练后模型各神经元的 (g, u)（取自运行的 stats.npz）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the neuron overlay</source>
        <translation>移除神经元叠加层</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/gate_plane_tips.py" line="-59"/>
        <source>Which layer&apos;s neurons to show</source>
        <translation>显示哪一层的神经元</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>No neurons loaded.</source>
        <translation>尚未加载神经元。</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/gate_plane_controls.py" line="+15"/>
        <source>must be &gt; 0</source>
        <translation>必须 &gt; 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>β must not be 0</source>
        <translation>β 不能为 0</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{0} min must be below {0} max ({1})</source>
        <translation>{0} 最小值必须小于 {0} 最大值（{1}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{0} max must be above {0} min ({1})</source>
        <translation>{0} 最大值必须大于 {0} 最小值（{1}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>keep |{0}| ≤ 10000</source>
        <translation>请保持 |{0}| ≤ 10000</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ε must be &gt; 0</source>
        <translation>ε 必须 &gt; 0</translation>
    </message>
</context>
<context>
    <name>GatePlaneLessonMixin</name>
    <message>
        <location filename="../../gatelab/ui/gate_plane_lesson.py" line="+57"/>
        <source>Open gate: (1.5, −2)</source>
        <translation>打开的门控：(1.5, −2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The gate SiLU(1.5) = {0} scales u = −2: h = {1}, ∂h/∂g = {2}.</source>
        <translation>门控 SiLU(1.5) = {0} 缩放 u = −2：h = {1}，∂h/∂g = {2}。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Negative gate: (−3, −2)</source>
        <translation>负门控：(−3, −2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SiLU(−3) = {0} &lt; 0 flips the sign of u: h = {1}.</source>
        <translation>SiLU(−3) = {0} &lt; 0，翻转了 u 的符号：h = {1}。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Closed gate: (0, 2)</source>
        <translation>关闭的门控：(0, 2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The gate is 0, so h = {0}, but ∂h/∂g = u/2 = {1}: training can still open it.</source>
        <translation>门控为 0，所以 h = {0}，但 ∂h/∂g = u/2 = {1}：训练仍能把它打开。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ReGLU, g &lt; 0: (−2, 3)</source>
        <translation>ReGLU，g &lt; 0：(−2, 3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ReLU(−2) = {0}: ∂h/∂g is exactly {1}, so this gate gets no gradient at all.</source>
        <translation>ReLU(−2) = {0}：∂h/∂g 严格为 {1}，所以这个门控完全得不到梯度。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Far corner: (10, 10)</source>
        <translation>远角：(10, 10)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SwiGLU is unbounded: h = {0} (the marker waits at the edge as ◆).</source>
        <translation>SwiGLU 无上界：h = {0}（标记以 ◆ 停在边缘）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cap it: gpt-oss clamp at 7</source>
        <translation>加上限：gpt-oss 在 7 处截断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clamped at 7: h = {0}, ∂h/∂g = ∂h/∂u = {1}. Then pick the soft cap (β₁ = 4, β₂ = 25): h = {2}, and |h| ≤ 100 everywhere.</source>
        <translation>在 7 处截断：h = {0}，∂h/∂g = ∂h/∂u = {1}。再选择软上限（β₁ = 4，β₂ = 25）：h = {2}，且处处 |h| ≤ 100。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>In h = SiLU(g) ⊙ u, is ⊙ a matrix product?</source>
        <translation>在 h = SiLU(g) ⊙ u 中，⊙ 是矩阵乘积吗？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Yes: a matrix product</source>
        <translation>是：矩阵乘积</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No: elementwise, per neuron</source>
        <translation>不是：逐元素相乘，每个神经元各自计算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No: a dot product, one number</source>
        <translation>不是：点积，得到一个数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>g and u are two vectors of the same length m, one entry per neuron; there is no matrix between them. The matrix products are gate_proj, up_proj and down_proj around ⊙.</source>
        <translation>g 和 u 是两个长度同为 m 的向量，每个神经元对应一个分量；两者之间没有矩阵。矩阵乘积是 ⊙ 前后的 gate_proj、up_proj 和 down_proj。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Neuron i&apos;s output is SiLU(g_i)·u_i, using only its own two numbers. That is why one (g, u) plane describes every neuron.</source>
        <translation>神经元 i 的输出是 SiLU(g_i)·u_i，只用到它自己的两个数。正因如此，一个 (g, u) 平面就能描述每个神经元。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A dot product would add all m products into one number, but h keeps m entries, one per neuron. down_proj mixes them afterwards.</source>
        <translation>点积会把全部 m 个乘积加成一个数，但 h 保留 m 个分量，每个神经元一个。之后由 down_proj 把它们混合。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>At g = 0 a SwiGLU gate outputs 0, so h = 0. Can training still open it?</source>
        <translation>在 g = 0 处，SwiGLU 门控输出 0，所以 h = 0。训练还能把它打开吗？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No: no gradient reaches it</source>
        <translation>不能：没有梯度传到它</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Yes: ∂h/∂g = u/2 there</source>
        <translation>能：该处 ∂h/∂g = u/2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only if u = 0</source>
        <translation>仅当 u = 0 时</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>That is true of ReLU, whose slope is exactly 0 for g &lt; 0. SiLU&apos;s slope at 0 is 1/2, so the gate input still receives gradient.</source>
        <translation>这对 ReLU 成立，它在 g &lt; 0 时斜率严格为 0。SiLU 在 0 处的斜率是 1/2，所以门控输入仍能收到梯度。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>∂h/∂g = SiLU′(g)·u and SiLU′(0) = 1/2, so at (0, 2) the gradient is 1. The gate can be pushed open by training.</source>
        <translation>∂h/∂g = SiLU′(g)·u，且 SiLU′(0) = 1/2，所以在 (0, 2) 处梯度为 1。训练可以把门控推开。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>With u = 0 the gradient u/2 is 0 too, so that is the one case where nothing moves the gate. Any other u gives ∂h/∂g = u/2 ≠ 0.</source>
        <translation>u = 0 时梯度 u/2 也为 0，所以这是唯一无法推动门控的情况。其他任何 u 都有 ∂h/∂g = u/2 ≠ 0。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>With the soft cap β₁ = 4, β₂ = 25, how large can |h| get?</source>
        <translation>使用软上限 β₁ = 4，β₂ = 25 时，|h| 最大能有多大？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Without limit, like SwiGLU</source>
        <translation>没有上限，与 SwiGLU 一样</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Below β₁·β₂ = 100</source>
        <translation>小于 β₁·β₂ = 100</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At most 7, like gpt-oss&apos;s clamp</source>
        <translation>最多为 7，与 gpt-oss 的截断一样</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Plain SwiGLU is unbounded: h = 99.9955 at (10, 10), and it keeps growing. Each capped branch is squashed by tanh, so their product is bounded.</source>
        <translation>普通 SwiGLU 无上界：在 (10, 10) 处 h = 99.9955，并且还会继续增长。每个加了上限的分支都被 tanh 压缩，所以它们的乘积有界。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The gate branch stays below β₁ = 4 and the up branch within ±β₂ = ±25, so |h| &lt; 100. At (10, 10) h is 37.4862.</source>
        <translation>门控分支保持在 β₁ = 4 以下，上投影分支在 ±β₂ = ±25 以内，所以 |h| &lt; 100。在 (10, 10) 处 h 为 37.4862。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>7 is gpt-oss&apos;s clamp on the inputs, a different mechanism. The soft cap bounds the two branches with tanh, so |h| &lt; β₁·β₂ = 100.</source>
        <translation>7 是 gpt-oss 对输入的截断，是另一种机制。软上限用 tanh 限制两个分支，所以 |h| &lt; β₁·β₂ = 100。</translation>
    </message>
</context>
<context>
    <name>GatePlaneMaps</name>
    <message>
        <location filename="../../gatelab/ui/gate_plane_maps.py" line="+36"/>
        <source>h  (the neuron&apos;s output)</source>
        <translation>h（神经元的输出）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>∂h/∂g  (gradient into the gate)</source>
        <translation>∂h/∂g（流入门控的梯度）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>∂h/∂u  (gradient into u)</source>
        <translation>∂h/∂u（流入 u 的梯度）</translation>
    </message>
    <message>
        <location line="+119"/>
        <source>Gate plane maps</source>
        <translation>门控平面图</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Arrow keys move the point (g, u) by 0.1, with Shift by 0.01; its exact values are listed under the maps</source>
        <translation>方向键将点 (g, u) 移动 0.1，按住 Shift 时移动 0.01；其精确值列在图下方</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/gate_plane_map_plot.py" line="+198"/>
        <source>g  (gate pre-activation)</source>
        <translation>g（门控预激活值）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>u  (up pre-activation)</source>
        <translation>u（上投影预激活值）</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/gate_plane_bar.py" line="+24"/>
        <source>h</source>
        <translation>h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>∂h/∂g</source>
        <translation>∂h/∂g</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>∂h/∂u</source>
        <translation>∂h/∂u</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Colour scale of this map: blue below 0, red above, symmetric about 0</source>
        <translation>此图的色标：低于 0 为蓝色，高于 0 为红色，关于 0 对称</translation>
    </message>
</context>
<context>
    <name>GatePlanePanel</name>
    <message>
        <location filename="../../gatelab/ui/gate_plane_panel.py" line="+113"/>
        <source>What the selected point means, in plain words</source>
        <translation>用通俗的话说明所选点的含义</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>g and u must be finite numbers within ±{0}</source>
        <translation>g 和 u 必须是 ±{0} 以内的有限数</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>unknown variant “{0}”; choose one from the list</source>
        <translation>未知变体“{0}”；请从列表中选择</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>neuron points must be an array of (g, u) pairs, got shape {0}</source>
        <translation>神经元点必须是 (g, u) 对组成的数组，实际形状为 {0}</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Could not load neurons: {0}</source>
        <translation>无法加载神经元：{0}</translation>
    </message>
    <message>
        <location line="-14"/>
        <location line="+32"/>
        <source>run {0}</source>
        <translation>运行 {0}</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/gate_plane_meaning.py" line="+36"/>
        <source>Gate closed: |act(g)| = {0} &lt; ε = {1}, so h = {2} ≈ 0 whatever u is</source>
        <translation>门控关闭：|act(g)| = {0} &lt; ε = {1}，所以无论 u 为何值，h = {2} ≈ 0</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>; the up branch is 0 here, so h = 0 whatever the gate</source>
        <translation>；此处上投影分支为 0，所以无论门控如何 h = 0</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>gradient flows to the gate (∂h/∂g = {0}) and to u (∂h/∂u = {1}).</source>
        <translation>梯度流向门控（∂h/∂g = {0}）和 u（∂h/∂u = {1}）。</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>{0}; {1}</source>
        <translation>{0}；{1}</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/gate_plane_panel.py" line="-46"/>
        <source>Reading {0}…</source>
        <translation>正在读取 {0}…</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/gate_plane_meaning.py" line="+2"/>
        <source>(Outside the map window: the marker is pinned to the nearest edge; the numbers are exact.)</source>
        <translation>（超出图范围：标记固定在最近的边上；数值是精确的。）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>clamped</source>
        <translation>被截断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>saturated</source>
        <translation>已饱和</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>gradient flows to the gate (∂h/∂g = {0})</source>
        <translation>梯度流向门控（∂h/∂g = {0}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>but the gate branch is flat here ({0}), so no gradient reaches g (∂h/∂g = 0)</source>
        <translation>但门控分支在此处是平的（{0}），所以没有梯度传到 g（∂h/∂g = 0）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no gradient reaches g (∂h/∂g = 0): the gate cannot learn from this input</source>
        <translation>没有梯度传到 g（∂h/∂g = 0）：门控无法从这个输入中学习</translation>
    </message>
    <message>
        <location line="-44"/>
        <source>Negative gate: {0} = {1} &lt; 0 flips the sign of {2}, so h = {3} has the opposite sign of {4}</source>
        <translation>负门控：{0} = {1} &lt; 0 翻转 {2} 的符号，所以 h = {3} 与 {4} 符号相反</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Negative gate: {0} = {1} &lt; 0 would flip the sign of {2}; here h = {3}</source>
        <translation>负门控：{0} = {1} &lt; 0 会翻转 {2} 的符号；此处 h = {3}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Gate open: {0} = {1} scales {2}, so h = {3}</source>
        <translation>门控打开：{0} = {1} 缩放 {2}，所以 h = {3}</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>yet gradient still flows to the gate (∂h/∂g = {0} ≠ 0), so training can push it open</source>
        <translation>然而梯度仍流向门控（∂h/∂g = {0} ≠ 0），所以训练可以把它推开</translation>
    </message>
    <message>
        <location line="+17"/>
        <source> (∂h/∂u = {0} = 0)</source>
        <translation>（∂h/∂u = {0} = 0）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>: the up branch is flat here ({0}), so ∂h/∂u = 0</source>
        <translation>：上投影分支在此处是平的（{0}），所以 ∂h/∂u = 0</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{0}, while none reaches u{1}.</source>
        <translation>{0}，而没有梯度传到 u{1}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>but none reaches u{0}</source>
        <translation>但没有梯度传到 u{0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>and none reaches u either{0}</source>
        <translation>也没有梯度传到 u{0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0}; {1}.</source>
        <translation>{0}；{1}。</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/gate_plane_panel.py" line="+81"/>
        <source>Not applied: {0}</source>
        <translation>未应用：{0}</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Choose a run folder (with stats.npz)</source>
        <translation>选择运行文件夹（含 stats.npz）</translation>
    </message>
    <message>
        <location line="-92"/>
        <location line="+103"/>
        <source>neurons</source>
        <translation>神经元</translation>
    </message>
    <message>
        <location line="-104"/>
        <source>Could not load neurons (the maps keep those of {0}): {1}</source>
        <translation>无法加载神经元（各图仍显示 {0} 的神经元）：{1}</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>{0}: {1} neurons</source>
        <translation>{0}：{1} 个神经元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0}: layer L{1} of L0–L{2}, {3} neurons</source>
        <translation>{0}：L{1} 层（L0–L{2}），{3} 个神经元</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/gate_plane_legend.py" line="+25"/>
        <source>&lt;span style=&apos;background:#d0d0d0; border:1px solid #464646&apos;&gt;&amp;nbsp;&amp;nbsp;&amp;nbsp;&amp;nbsp;&lt;/span&gt; gate closed |act(g)| &amp;lt; ε</source>
        <translation>&lt;span style=&apos;background:#d0d0d0; border:1px solid #464646&apos;&gt;&amp;nbsp;&amp;nbsp;&amp;nbsp;&amp;nbsp;&lt;/span&gt; 门控关闭 |act(g)| &amp;lt; ε</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/gate_plane_panel.py" line="+9"/>
        <source>layer L{0}</source>
        <translation>L{0} 层</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/gate_plane_legend.py" line="-1"/>
        <source>&lt;b style=&apos;color:#000&apos;&gt;━━&lt;/b&gt; h = 0</source>
        <translation>&lt;b style=&apos;color:#000&apos;&gt;━━&lt;/b&gt; h = 0</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;span style=&apos;color:#e6b800&apos;&gt;●&lt;/span&gt; your point (◆ when pinned to the edge)</source>
        <translation>&lt;span style=&apos;color:#e6b800&apos;&gt;●&lt;/span&gt; 你的点（固定在边上时为 ◆）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;•&lt;/b&gt; trained neurons: {0}</source>
        <translation>&lt;b&gt;•&lt;/b&gt; 训练后的神经元：{0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Colours: blue &amp;lt; 0 &amp;lt; red (each map has its own symmetric scale).</source>
        <translation>颜色：蓝 &amp;lt; 0 &amp;lt; 红（每张图有各自的对称色标）。</translation>
    </message>
</context>
<context>
    <name>GatePlaneStateMixin</name>
    <message>
        <location filename="../../gatelab/ui/gate_plane_state.py" line="+55"/>
        <source>The gate plane&apos;s state must be a JSON object.</source>
        <translation>门控平面的状态必须是 JSON 对象。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unknown gate variant in the state; valid: {0}.</source>
        <translation>状态中的门控变体未知；有效值：{0}。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>“resolution” must be a whole number in [{0}, {1}].</source>
        <translation>“resolution”必须是 [{0}, {1}] 范围内的整数。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>“eps” must be a number &gt; 0 and at most {0}.</source>
        <translation>“eps”必须是大于 0 且不超过 {0} 的数。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>“view” must be one of: {0}.</source>
        <translation>“view”必须是以下之一：{0}。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The gate plane&apos;s state does not describe valid maps.</source>
        <translation>门控平面的状态没有描述有效的映射图。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>“params” for {0} must map {1} to numbers within ±{2} (limit, α, β₁, β₂ &gt; 0; β ≠ 0).</source>
        <translation>{0} 的“params”必须把 {1} 映射为 ±{2} 以内的数（limit、α、β₁、β₂ &gt; 0；β ≠ 0）。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>“{0}” must be [min, max] with min &lt; max, both within ±{1}.</source>
        <translation>“{0}”必须是 [min, max]，且 min &lt; max，两者都在 ±{1} 以内。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“{0}” must be two finite numbers within ±{1}.</source>
        <translation>“{0}”必须是两个 ±{1} 以内的有限数。</translation>
    </message>
</context>
<context>
    <name>GatesView</name>
    <message>
        <location filename="../../gatelab/ui/inside_gates.py" line="+184"/>
        <source>This layer at this token</source>
        <translation>该层在此 token 处</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>closed means |act(g)| &lt; ε =</source>
        <translation>关闭指 |act(g)| &lt; ε =</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ε of a closed gate; the shares above and the grey band follow it</source>
        <translation>判定门控关闭的 ε；上方的占比和灰色带随之变化</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>neuron</source>
        <translation>神经元</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>act(g)  gate value</source>
        <translation>act(g) 门控值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>h  (model)</source>
        <translation>h（模型）</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>h = act(g)·u  (formula)</source>
        <translation>h = act(g)·u（公式）</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>Explore this neuron</source>
        <translation>探索此神经元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open it in the neuron explorer: what does it fire on?</source>
        <translation>在神经元浏览器中打开：它对什么激活？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Picked neuron (click a dot)</source>
        <translation>选中的神经元（点击一个点）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;CSV data (*.csv)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;CSV 数据 (*.csv)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Analyse a text to see the gates of its layers.</source>
        <translation>分析一段文本，查看各层的门控。</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>h = {0}·{1}  (formula)</source>
        <translation>h = {0}·{1}（公式）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>1 neuron</source>
        <translation>1 个神经元</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{0} neurons</source>
        <translation>{0} 个神经元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mean over the 1 token</source>
        <translation>对这 1 个 token 取均值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mean over all {0} tokens</source>
        <translation>对全部 {0} 个 token 取均值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;L{0}&lt;/b&gt;, token {1} “{2}”, {3}&lt;br&gt;pre-gate g &amp;lt; 0: &lt;b&gt;{4}&amp;nbsp;%&lt;/b&gt; &amp;nbsp;(lesson: {5}&amp;nbsp;%)&lt;br&gt;closed |act(g)| &amp;lt; ε = {6}: &lt;b&gt;{7}&amp;nbsp;%&lt;/b&gt; &amp;nbsp;(lesson: {8}&amp;nbsp;%)&lt;br&gt;{9}: {10}&amp;nbsp;% and {11}&amp;nbsp;%&lt;br&gt;&lt;span style=&apos;color:#666&apos;&gt;The lesson&apos;s numbers are Qwen3.5-0.8B&apos;s layer 2.&lt;/span&gt;</source>
        <translation>&lt;b&gt;L{0}&lt;/b&gt;，token {1}“{2}”，{3}&lt;br&gt;门控前值 g &amp;lt; 0：&lt;b&gt;{4}&amp;nbsp;%&lt;/b&gt; &amp;nbsp;（课程：{5}&amp;nbsp;%）&lt;br&gt;关闭 |act(g)| &amp;lt; ε = {6}：&lt;b&gt;{7}&amp;nbsp;%&lt;/b&gt; &amp;nbsp;（课程：{8}&amp;nbsp;%）&lt;br&gt;{9}：{10}&amp;nbsp;% 和 {11}&amp;nbsp;%&lt;br&gt;&lt;span style=&apos;color:#666&apos;&gt;课程中的数值来自 Qwen3.5-0.8B 的第 2 层。&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Dots: every neuron of L{0} at token {1}, coloured by |h| (dark violet 0 → yellow {2}); □ lies outside the window, pinned to its edge. Background: h = act(g)·u of {3}; grey band: gate closed.</source>
        <translation>点：L{0} 层在 token {1} 处的每个神经元，按 |h| 着色（深紫 0 → 黄 {2}）；□ 表示超出图范围，固定在边上。背景：{3} 的 h = act(g)·u；灰色带：门控关闭。</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>nothing to export yet</source>
        <translation>还没有可导出的内容</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Every neuron&apos;s (g, u) on the gate plane</source>
        <translation>门控平面上每个神经元的 (g, u)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unknown export format {0}: use .png, .svg or .csv</source>
        <translation>未知的导出格式 {0}：请使用 .png、.svg 或 .csv</translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message>
        <location filename="../../gatelab/ui/inside_history.py" line="+108"/>
        <source>Trace the text at this step</source>
        <translation>按此步的权重追踪文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where the run kept that step&apos;s weights, every view shows the text traced through the model as it was then</source>
        <translation>若运行保存了该步的权重，每个视图都显示文本经过当时模型的追踪结果</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Per layer at this checkpoint (trainer&apos;s probe text)</source>
        <translation>此检查点的逐层数据（训练器的探针文本）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(g, u) of every neuron of the picked layer</source>
        <translation>所选层每个神经元的 (g, u)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>negative pre-gates</source>
        <translation>负门控预激活值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>closed gates</source>
        <translation>关闭的门控</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MLP ratio</source>
        <translation>MLP 比值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>first-token share</source>
        <translation>首 token 占比</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Open a saved run to replay its statistics checkpoint by checkpoint.</source>
        <translation>打开已保存的运行，逐个检查点回放其统计数据。</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>A Hugging Face model has no training history: it comes already trained, without the checkpoints this view replays. Choose a saved run as the source to watch its gates close checkpoint by checkpoint.</source>
        <translation>Hugging Face 模型没有训练历史：它是训练好后才拿来的，没有本视图回放所需的检查点。请选择一个已保存的运行作为来源，逐个检查点观察它的门控如何关闭。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{0} damaged checkpoint(s) of this history were skipped (the first: {1})</source>
        <translation>此历史中有 {0} 个损坏的检查点被跳过（第一个：{1}）</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>step {0} (the only checkpoint)</source>
        <translation>第 {0} 步（唯一的检查点）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>step {0} ({1}–{2}, {3} checkpoints)</source>
        <translation>第 {0} 步（{1}–{2}，{3} 个检查点）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>step {0}: this entry cannot be shown ({1})</source>
        <translation>第 {0} 步：无法显示此条目（{1}）</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>step {0}: no per-neuron data in this entry</source>
        <translation>第 {0} 步：此条目没有逐神经元数据</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the text above is traced at this step</source>
        <translation>上方文本按此步追踪</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>no weights kept for this step: the views above show the latest checkpoint</source>
        <translation>此步未保存权重：上方视图显示的是最新检查点</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the views above still show step {0}</source>
        <translation>上方的视图仍显示第 {0} 步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;step {0}, L{1}&lt;/b&gt;: g &amp;lt; 0 {2} %, closed {3} %, MLP ratio {4}, first-token share {5}, max |h| {6} — {7}</source>
        <translation>&lt;b&gt;第 {0} 步，L{1}&lt;/b&gt;：g &amp;lt; 0 {2} %，关闭 {3} %，MLP 比值 {4}，首 token 占比 {5}，最大 |h| {6} — {7}</translation>
    </message>
</context>
<context>
    <name>InsideCaption</name>
    <message>
        <location filename="../../gatelab/ui/inside_caption.py" line="+28"/>
        <source>Run {0}</source>
        <translation>运行 {0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model {0}</source>
        <translation>模型 {0}</translation>
    </message>
    <message>
        <location line="+22"/>
        <location line="+18"/>
        <source>step {0}</source>
        <translation>第 {0} 步</translation>
    </message>
    <message>
        <location line="-16"/>
        <location line="+18"/>
        <source>layer L{0}</source>
        <translation>层 L{0}</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>token {0} “{1}”</source>
        <translation>token {0}“{1}”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>text “{0}”</source>
        <translation>文本“{0}”</translation>
    </message>
</context>
<context>
    <name>InsideExport</name>
    <message>
        <location filename="../../gatelab/ui/inside_export.py" line="-71"/>
        <source>Unknown export format {0}: use .png or .svg</source>
        <translation>未知的导出格式 {0}：请使用 .png 或 .svg</translation>
    </message>
</context>
<context>
    <name>InsideLesson</name>
    <message>
        <location filename="../../gatelab/ui/inside_lesson.py" line="+104"/>
        <source>This step could not run: {0}</source>
        <translation>这一步无法运行：{0}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Pick a saved run or a model folder above and press Analyse first.</source>
        <translation>请先在上方选择一个已保存的运行或模型文件夹，然后按“分析”。</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Still busy: wait or press Cancel.</source>
        <translation>仍在处理：请等待或按“取消”。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Pick a saved run or a model folder above first; this step then analyses a line of code with a string in it.</source>
        <translation>请先在上方选择一个已保存的运行或模型文件夹；这一步随后会分析一行包含字符串的代码。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No layer of this text has a non-empty bar.</source>
        <translation>这段文本没有任何一层的柱条非空。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>This source has no training history to replay: open a saved run of your own (Hugging Face models have none here).</source>
        <translation>此来源没有可回放的训练历史：请打开你自己保存的运行（Hugging Face 模型在这里没有训练历史）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Find a neuron that fires inside strings</source>
        <translation>找出在字符串内部激活的神经元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The line {0} is traced and the tokens between the quotes are selected. “Fires on the selected span” ranks the neurons that fire there more than elsewhere; its first row is picked, in the layer where that preference is strongest, and the shaded text shows where it fires.</source>
        <translation>追踪代码行 {0}，并选中引号之间的 token。“对所选片段激活”会给在该处比在别处激活更强的神经元排名；在这种偏好最强的层中选取排名第一的神经元，着色的文本显示它在哪里激活。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Click the largest bar of “MLP contribution”</source>
        <translation>点击“MLP 贡献”中最大的柱条</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The readout under the bars shows that layer&apos;s ‖MLP out‖ / ‖layer out‖ at this token. Note it down.</source>
        <translation>柱条下方的读数显示该层在此 token 处的 ‖MLP 输出‖ / ‖层输出‖。把它记下来。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Click the smallest non-empty bar</source>
        <translation>点击最小的非空柱条</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Count the closed gates at the last token</source>
        <translation>数一数最后一个 token 处关闭的门控</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>“This layer at this token” gives the share of negative pre-gates and of closed gates beside the lesson&apos;s 61.9 % / 19.0 % (Qwen3.5-0.8B, layer 2), and the same shares over all tokens.</source>
        <translation>“该层在此 token 处”给出负门控前值和关闭门控的占比，并与课程中的 61.9 % / 19.0 %（Qwen3.5-0.8B，第 2 层）对照，还给出全部 token 上的相同占比。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>See how much attention lands on the first token</source>
        <translation>看看有多少注意力落在首 token 上</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The table gives each layer&apos;s first-token share, averaged over heads; the lesson&apos;s model puts 46.7 % there without an attention output gate and 4.8 % with it.</source>
        <translation>表格给出每层的首 token 占比（对各个头取平均）；课程中的模型在没有注意力输出门控时该占比为 46.7 %，有输出门控时为 4.8 %。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Replay training from the first checkpoint</source>
        <translation>从第一个检查点开始回放训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The step slider jumps to the first checkpoint: read g &lt; 0 and closed there, then drag the slider to the last one and watch them change.</source>
        <translation>步数滑块跳到第一个检查点：读出那里的 g &lt; 0 和关闭占比，然后把滑块拖到最后一个检查点，观察它们如何变化。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Much smaller: a correction added to the stream</source>
        <translation>小得多：只是加到残差流上的一个修正</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About as large: each MLP rewrites the stream</source>
        <translation>差不多大：每个 MLP 都会重写残差流</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Far larger: the stream is mostly the last MLP&apos;s output</source>
        <translation>大得多：残差流主要是最后一个 MLP 的输出</translation>
    </message>
    <message>
        <location line="-159"/>
        <source>This model&apos;s vocabulary has no quote marks, so it cannot tell the inside of a string from the rest: for this step, train a run on the Python corpus (Live trainer) or open a Hugging Face model.</source>
        <translation>这个模型的词表里没有引号，所以它分不清字符串内部和其余部分：做这一步时，请在“实时训练”中用 Python 语料训练一个运行，或打开一个 Hugging Face 模型。</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>This model&apos;s vocabulary has no quote marks, so it cannot tell the inside of a string from the rest: for this step, open another Hugging Face model (one whose vocabulary has them) or train a run on the Python corpus (Live trainer).</source>
        <translation>这个模型的词表里没有引号，所以它分不清字符串内部和其余部分：做这一步时，请打开另一个 Hugging Face 模型（词表里有引号的），或在“实时训练”中用 Python 语料训练一个运行。</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Tracing the line…</source>
        <translation>正在追踪这一行…</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>The readout&apos;s second line compares it with the largest: the larger ratio is so many times the smaller. In a deep, well-trained model most layers stay well below 1: each MLP adds a small correction to the stream. A small run (a layer or two, a few hundred steps) can read near or above 1: its MLPs still write much of what the stream holds.</source>
        <translation>读数的第二行把它和最大的一条相比：较大的比值是较小的多少倍。在一个层数多、训练充分的模型中，大多数层都远低于 1：每个 MLP 只给残差流加上一个小修正。一个小运行（一两层、几百步）可能接近甚至超过 1：它的 MLP 仍写入残差流中的大部分内容。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>In a deep, well-trained model, how large is an MLP&apos;s output next to the residual stream it is added to?</source>
        <translation>在一个层数多、训练充分的模型中，MLP 的输出与它所加入的残差流相比有多大？</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>In most layers ‖MLP out‖ / ‖layer out‖ is a small fraction. The stream carries the sum of all earlier writes, so each MLP nudges it rather than replacing it. (A small run of a few hundred steps can still read near 1.)</source>
        <translation>在大多数层中，‖MLP 输出‖ / ‖层输出‖ 只是一个小比例。残差流承载着之前所有写入的总和，所以每个 MLP 只是轻推它，而不是替换它。（一个只训练了几百步的小运行，这个值仍可能接近 1。）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>If every MLP wrote as much as the stream holds, the norm would jump at each layer. In a deep trained model the bars show a small share, and the residual norm grows slowly as the small writes add up.</source>
        <translation>如果每个 MLP 写入的量都和残差流本身一样多，范数就会在每一层跳升。在层数多、训练充分的模型中，条形图显示的是一个小比例，残差范数随着这些小写入的累加而缓慢增长。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The stream after a layer is the input plus attention plus the MLP, and in a deep trained model the input part dominates. The bars measure exactly this share.</source>
        <translation>一层之后的残差流是输入加上注意力再加上 MLP，而在层数多、训练充分的模型中，输入部分占主导。条形图测量的正是这个比例。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A neuron&apos;s gate is closed at a token (|act(g)| &lt; ε). What does it write into the MLP&apos;s output there?</source>
        <translation>某个神经元的门控在某个 token 处关闭（|act(g)| &lt; ε）。它在那里向 MLP 的输出写入什么？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Almost nothing, whatever u is</source>
        <translation>几乎什么都不写，无论 u 是多少</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Its u, unchanged</source>
        <translation>原样写入它的 u</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A large negative value</source>
        <translation>一个很大的负值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>h = act(g)·u, so a gate near 0 multiplies u away. The down projection then adds almost nothing from that neuron at that token.</source>
        <translation>h = act(g)·u，所以接近 0 的门控把 u 乘没了。随后下投影几乎不会从该神经元在该 token 处加入任何东西。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>u passes only as far as the gate lets it; h = act(g)·u is near 0 when act(g) is. Passing u unchanged would need act(g) = 1.</source>
        <translation>u 只能通过门控允许的那么多；当 act(g) 接近 0 时，h = act(g)·u 也接近 0。要原样传递 u，需要 act(g) = 1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A closed gate makes h small, not large. SiLU&apos;s most negative value is only about −0.28, so even a negative pre-gate gives a small gate.</source>
        <translation>关闭的门控使 h 变小，而不是变大。SiLU 的最小值只有约 −0.28，所以即使门控前值为负，门控也很小。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Why does so much attention land on the first token in many models?</source>
        <translation>为什么在许多模型中有这么多注意力落在首 token 上？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Softmax weights must sum to 1, so a head with nothing to look at parks them on a token it can ignore</source>
        <translation>Softmax 权重之和必须为 1，所以无事可看的头会把权重停放在一个可以忽略的 token 上</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The first token always holds the most important word</source>
        <translation>首 token 总是承载最重要的词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It is a bug of the attention mask</source>
        <translation>这是注意力掩码的一个 bug</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A head cannot attend to nothing, so it uses the first token as a sink. An output gate lets the head output about zero instead, and the sink shrinks.</source>
        <translation>头不能什么都不关注，所以它把首 token 当作汇聚点（sink）。输出门控让头可以改为输出约等于零的值，汇聚随之缩小。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The first token is often just “The” or a start token. The share stays high whatever it is, which is why it is called a sink.</source>
        <translation>首 token 往往只是“The”或起始 token。无论它是什么，占比都保持很高，这正是它被称为汇聚（sink）的原因。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The mask is causal and correct; every query may see the first token. The sink is learned, and an attention output gate removes most of it.</source>
        <translation>掩码是因果的，而且没有错；每个查询都可以看到首 token。汇聚是学出来的，注意力输出门控能消除其中的大部分。</translation>
    </message>
</context>
<context>
    <name>InsidePanel</name>
    <message>
        <location filename="../../gatelab/ui/inside_messages.py" line="+75"/>
        <source>Note: {0}</source>
        <translation>注意：{0}</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Warning: {0}.</source>
        <translation>警告：{0}。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>This model cannot read {0} of the example text, so the example “{1}” was analysed instead; type or pick any text to analyse it.</source>
        <translation>此模型无法读取示例文本中的 {0}，因此改为分析示例“{1}”；输入或选择任意文本即可分析它。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Warning: 1 character ({1}) is not in this model&apos;s vocabulary and was read as {2}: its numbers describe that token.</source>
        <translation>警告：有 1 个字符（{1}）不在此模型的词表中，被当作 {2} 读入：它的数值描述的是那个 token。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Warning: {0} characters ({1}) are not in this model&apos;s vocabulary and were read as {2}: their numbers describe that token.</source>
        <translation>警告：有 {0} 个字符（{1}）不在此模型的词表中，被当作 {2} 读入：它们的数值描述的是那个 token。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Warning: 1 piece of text ({1}) is not in this model&apos;s vocabulary and was read as {2}: its numbers describe that token.</source>
        <translation>警告：有 1 段文本（{1}）不在此模型的词表中，被当作 {2} 读入：它的数值描述的是那个 token。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Warning: {0} pieces of text ({1}) are not in this model&apos;s vocabulary and were read as {2}: their numbers describe that token.</source>
        <translation>警告：有 {0} 段文本（{1}）不在此模型的词表中，被当作 {2} 读入：它们的数值描述的是那个 token。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Neuron explorer</source>
        <translation>神经元浏览器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What does the picked neuron fire on? Rankings and top contexts</source>
        <translation>所选神经元对什么激活？排名与激活最强的上下文</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Gates at a token</source>
        <translation>单个 token 的门控</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every neuron&apos;s real (g, u) on the gate plane, coloured by |h|</source>
        <translation>每个神经元真实的 (g, u) 画在门控平面上，按 |h| 着色</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MLP as a small correction</source>
        <translation>MLP 只是小修正</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>‖MLP out‖ / ‖layer out‖ per layer, and the residual norm</source>
        <translation>每层的 ‖MLP 输出‖ / ‖层输出‖，以及残差流范数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention sink</source>
        <translation>注意力汇聚</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention on the first token, per layer and head</source>
        <translation>每层每个头对首 token 的注意力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Training history</source>
        <translation>训练历史</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A saved run&apos;s statistics, checkpoint by checkpoint</source>
        <translation>已保存运行的统计数据，逐个检查点查看</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopping</source>
        <translation>正在停止</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/inside_panel.py" line="+209"/>
        <source>Type a text to analyse (or pick an example).</source>
        <translation>输入要分析的文本（或选择一个示例）。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Still busy: wait or press Cancel.</source>
        <translation>仍在处理：请等待或按“取消”。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loading and tracing…</source>
        <translation>正在加载并追踪…</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>The live run has no checkpoint yet: it saves one every few steps and at its end; try again soon.</source>
        <translation>实时运行还没有检查点：它每隔几步和结束时会保存一个；请稍后再试。</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>Cancelled; the views still show the last trace.</source>
        <translation>已取消；各视图仍显示上一次追踪的结果。</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/inside_panel_stale.py" line="+91"/>
        <source>Source changed: the views still show the last trace ({0}) until you press Analyse.</source>
        <translation>来源已更改：在你按下“分析”之前，各视图仍显示上一次的追踪（{0}）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Could not analyse: {0}</source>
        <translation>无法分析：{0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not analyse: {0} — the views still show the last trace ({1}).</source>
        <translation>无法分析：{0} —— 视图仍显示上一次的追踪（{1}）。</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/inside_messages.py" line="-113"/>
        <source> at step {0}</source>
        <translation>（第 {0} 步）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 token through {1}{2}. Pick a layer, neuron or token anywhere.</source>
        <translation>1 个 token 已经过 {1}{2}。可在任意位置选择层、神经元或 token。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{0} tokens through {1}{2}. Pick a layer, neuron or token anywhere.</source>
        <translation>{0} 个 token 已经过 {1}{2}。可在任意位置选择层、神经元或 token。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Warning: some numbers are not finite (the model&apos;s weights or activations hold NaN or infinity); the views show them as nan.</source>
        <translation>警告：有些数值不是有限数（模型的权重或激活值含有 NaN 或无穷大）；各视图把它们显示为 nan。</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Warning: 1 character ({1}) is not in this run&apos;s vocabulary and was read as {2}: its numbers describe that character.</source>
        <translation>警告：有 1 个字符（{1}）不在此运行的词表中，被当作 {2} 读入：它的数值描述的是那个字符。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Warning: {0} characters ({1}) are not in this run&apos;s vocabulary and were read as {2}: their numbers describe that character.</source>
        <translation>警告：有 {0} 个字符（{1}）不在此运行的词表中，被当作 {2} 读入：它们的数值描述的是那个字符。</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/inside_panel.py" line="+57"/>
        <source>No history: {0}</source>
        <translation>没有历史：{0}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This run has no saved statistics yet.</source>
        <translation>此运行尚未保存统计数据。</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/inside_messages.py" line="+79"/>
        <source>No live run yet: start one in the Live trainer tab (Ctrl+4).</source>
        <translation>还没有实时运行：请在“实时训练”标签页中启动一个（Ctrl+4）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The trainer&apos;s run {0} ({1}), traced from its latest checkpoint; Analyse again to refresh.</source>
        <translation>训练器的运行 {0}（{1}），按其最新检查点追踪；再次“分析”即可刷新。</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/inside_worker.py" line="+47"/>
        <source>out of memory: try a shorter text, bf16 or a smaller model</source>
        <translation>内存不足：请尝试更短的文本、bf16 或更小的模型</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/inside_persist.py" line="+40"/>
        <source>“{0}” must be a whole number from 0 to {1}, not {2}.</source>
        <translation>“{0}”必须是 0 到 {1} 之间的整数，而不是 {2}。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>“{0}” must be a text of at most {1} characters.</source>
        <translation>“{0}”必须是最多 {1} 个字符的文本。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>“{0}” must be one of {1}, not {2}.</source>
        <translation>“{0}”必须是 {1} 之一，而不是 {2}。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The inside tab&apos;s state must be a JSON object.</source>
        <translation>“模型内部”标签页的状态必须是 JSON 对象。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>“span” must be [start, stop] with 0 ≤ start ≤ stop, not {0}.</source>
        <translation>“span”必须是 [start, stop]，且 0 ≤ start ≤ stop，而不是 {0}。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>“eps” must be null or a number from {0} to {1}, not {2}.</source>
        <translation>“eps”必须为 null 或 {0} 到 {1} 之间的数，而不是 {2}。</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>The source {0} no longer exists: the rest of the state is restored; pick another source and press Analyse.</source>
        <translation>来源 {0} 已不存在：其余状态已恢复；请选择其他来源并按“分析”。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>State restored: press Analyse; layer L{0}, neuron #{1} and token {2} are picked once the text is traced.</source>
        <translation>状态已恢复：请按“分析”；文本追踪完成后将选中 L{0} 层、神经元 #{1} 和 token {2}。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>State restored.</source>
        <translation>状态已恢复。</translation>
    </message>
</context>
<context>
    <name>IntroPage</name>
    <message>
        <location filename="../../gatelab/ui/inside_intro.py" line="+23"/>
        <source>&lt;h2&gt;Look inside a model: what each neuron fires on&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Pick a source&lt;/b&gt; above: the run training in the &lt;i&gt;Live trainer&lt;/i&gt; tab, any saved run, or a Hugging Face model folder on your disk (Qwen3, Qwen3.5, Llama, SmolLM…). Nothing is ever downloaded.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Type a text&lt;/b&gt; or pick one of the lessons&apos; examples (English or Chinese).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Press Analyse.&lt;/b&gt; The text runs through the model once, in the background; afterwards every switch of layer, neuron or token is instant.&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;Then:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Neuron explorer&lt;/b&gt;: the text shaded by one neuron&apos;s h; the layer&apos;s most selective neurons; drag across “Paris” to rank the neurons that fire on it; the neuron&apos;s top contexts in a larger text.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Gates at a token&lt;/b&gt;: every neuron&apos;s real (g, u) on the gate plane, with the share of negative pre-gates and closed gates beside the lesson&apos;s 61.9 % / 19.0 %.&lt;/li&gt;&lt;li&gt;&lt;b&gt;MLP as a small correction&lt;/b&gt;: ‖MLP out‖ / ‖layer out‖ per layer, and the residual stream&apos;s norm growing.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Attention sink&lt;/b&gt;: how much attention lands on the first token, per layer and head.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Training history&lt;/b&gt;: a saved run&apos;s statistics checkpoint by checkpoint.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Pick a layer, a neuron or a token anywhere, and every view follows.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;看看模型内部：每个神经元对什么起反应&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;在上方&lt;b&gt;选择来源&lt;/b&gt;：&lt;i&gt;实时训练&lt;/i&gt;标签页中正在训练的运行、任意已保存的运行，或你磁盘上的 Hugging Face 模型文件夹（Qwen3、Qwen3.5、Llama、SmolLM…）。不会下载任何东西。&lt;/li&gt;&lt;li&gt;&lt;b&gt;输入一段文本&lt;/b&gt;，或选择课程中的示例（英文或中文）。&lt;/li&gt;&lt;li&gt;&lt;b&gt;按“分析”。&lt;/b&gt;文本在后台通过模型一次；之后切换层、神经元或 token 都是即时的。&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;然后：&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;神经元浏览器&lt;/b&gt;：按某个神经元的 h 给文本着色；该层最具选择性的神经元；在“巴黎”（英文示例中是“Paris”）上拖动，给对它起反应的神经元排名；该神经元在更长文本中的最强上下文。&lt;/li&gt;&lt;li&gt;&lt;b&gt;某个 token 处的门控&lt;/b&gt;：每个神经元真实的 (g, u) 显示在门控平面上，旁边是负预激活和关闭门控的比例，与课程中的 61.9 % / 19.0 % 对照。&lt;/li&gt;&lt;li&gt;&lt;b&gt;MLP 只是一个小修正&lt;/b&gt;：每层的 ‖MLP 输出‖ / ‖层输出‖，以及残差流范数的增长。&lt;/li&gt;&lt;li&gt;&lt;b&gt;注意力汇聚&lt;/b&gt;：每层每个头有多少注意力落在第一个 token 上。&lt;/li&gt;&lt;li&gt;&lt;b&gt;训练历史&lt;/b&gt;：已保存运行在每个检查点的统计。&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;在任何地方选择一层、一个神经元或一个 token，所有视图都会跟随。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>▶ Analyse this text</source>
        <translation>▶ 分析这段文本</translation>
    </message>
</context>
<context>
    <name>KindIcons</name>
    <message>
        <location filename="../../gatelab/ui/file_dialogs.py" line="+35"/>
        <source>Drive</source>
        <translation>驱动器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0} File</source>
        <translation>{0} 文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
</context>
<context>
    <name>LayerKinds</name>
    <message>
        <location filename="../../gatelab/ui/inside_messages.py" line="-181"/>
        <source>full attention</source>
        <translation>全注意力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>linear attention</source>
        <translation>线性注意力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sliding-window attention</source>
        <translation>滑动窗口注意力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>chunked attention</source>
        <translation>分块注意力</translation>
    </message>
</context>
<context>
    <name>LessonCard</name>
    <message>
        <location filename="../../gatelab/ui/lesson_card.py" line="+110"/>
        <source>This tab&apos;s lesson could not be built: {0}</source>
        <translation>无法生成本页的课程：{0}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Try this</source>
        <translation>试一试</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Check yourself</source>
        <translation>自我检测</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>Right.</source>
        <translation>答对了。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Not quite.</source>
        <translation>不太对。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{0} of {1} answered correctly</source>
        <translation>已答对 {0} / {1} 题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0} of {1} answered correctly, {2} at the first try</source>
        <translation>已答对 {0} / {1} 题，其中 {2} 题一次答对</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+41"/>
        <location line="+3"/>
        <source>This step failed: {0}</source>
        <translation>这一步失败了：{0}</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+20"/>
        <source>Now look: {0}</source>
        <translation>现在请看：{0}</translation>
    </message>
</context>
<context>
    <name>LiveView</name>
    <message>
        <location filename="../../gatelab/ui/trainer_live.py" line="+104"/>
        <source>Whose real (g, u) pairs are sent to the Gate plane tab (one dot per MLP neuron)</source>
        <translation>把哪一层的真实 (g, u) 对发送到“门控平面”标签页（每个 MLP 神经元一个点）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sample text</source>
        <translation>生成样例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Let the model write from its latest checkpoint</source>
        <translation>让模型从最新检查点开始续写</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>--- sample at step {0} ---</source>
        <translation>--- 第 {0} 步的样本 ---</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>Gate plane shows</source>
        <translation>门控平面显示</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/trainer_intro.py" line="+11"/>
        <source>&lt;h2&gt;Train a small transformer and watch its gates&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Pick the text&lt;/b&gt; it should learn to continue (left, top): Python source is built in, no download needed.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Pick the FFN variant&lt;/b&gt; — SwiGLU is the gated MLP of Llama, Qwen and friends; GELU is the classic two-matrix MLP. The parameter count updates as you type.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Press Start.&lt;/b&gt; Training runs in the background; the window stays usable, and Pause and Stop act at once.&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;You will see, live:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Loss&lt;/b&gt; falling (raw and smoothed), and the validation loss on unseen text;&lt;/li&gt;&lt;li&gt;&lt;b&gt;Gate sparsity&lt;/b&gt;: how many of each layer&apos;s gates are nearly closed;&lt;/li&gt;&lt;li&gt;&lt;b&gt;MLP contribution&lt;/b&gt;: each MLP writes a small correction into the residual stream, not a replacement;&lt;/li&gt;&lt;li&gt;&lt;b&gt;Largest |h|&lt;/b&gt;: where activation outliers appear.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;The real (g, u) pairs of every neuron go to the &lt;i&gt;Gate plane&lt;/i&gt; tab. Saved runs are in &lt;i&gt;Runs&lt;/i&gt;; the &lt;i&gt;Experiment&lt;/i&gt; tab asks whether SwiGLU beats GELU at equal parameters, over several seeds.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;训练一个小型 Transformer，观察它的门控&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;选择文本&lt;/b&gt;，让模型学习续写（左上）：Python 源码已内置，无需下载。&lt;/li&gt;&lt;li&gt;&lt;b&gt;选择 FFN 变体&lt;/b&gt; — SwiGLU 是 Llama、Qwen 等模型使用的门控 MLP；GELU 是经典的双矩阵 MLP。参数量随输入实时更新。&lt;/li&gt;&lt;li&gt;&lt;b&gt;按“开始”。&lt;/b&gt;训练在后台运行；窗口保持可用，“暂停”和“停止”立即生效。&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;你将实时看到：&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;损失&lt;/b&gt;下降（原始值与平滑值），以及在未见文本上的验证损失；&lt;/li&gt;&lt;li&gt;&lt;b&gt;门控稀疏度&lt;/b&gt;：每层有多少门控几乎关闭；&lt;/li&gt;&lt;li&gt;&lt;b&gt;MLP 贡献&lt;/b&gt;：每个 MLP 向残差流写入一个小修正，而不是替换它；&lt;/li&gt;&lt;li&gt;&lt;b&gt;最大 |h|&lt;/b&gt;：激活离群值出现在哪里。&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;每个神经元的真实 (g, u) 对会发送到&lt;i&gt;门控平面&lt;/i&gt;标签页。保存的运行在&lt;i&gt;运行记录&lt;/i&gt;中；&lt;i&gt;实验&lt;/i&gt;标签页在多个种子下检验：参数量相等时，SwiGLU 是否胜过 GELU。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/trainer_live.py" line="+4"/>
        <source>A text sample from the model appears here when a run finishes or is stopped, or when you press Sample text (it writes from the run&apos;s latest checkpoint).</source>
        <translation>运行完成或停止时，或按下“生成样例”时，模型生成的文本样例会显示在这里（由运行的最新检查点生成）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>▶ Start training with these settings</source>
        <translation>▶ 用这些设置开始训练</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../gatelab/ui/main_window.py" line="+293"/>
        <source>gatelab — the gated MLP, made visible</source>
        <translation>gatelab — 让门控 MLP 看得见</translation>
    </message>
    <message>
        <location line="-203"/>
        <location line="+239"/>
        <source>Ready</source>
        <extracomment>A tab page&apos;s least size before its panel is built: the largest built page&apos;s, in English (the trainer&apos;s width; the forward pass&apos;s height, since the trainer&apos;s plots and experiment scroll). Why: the window shrinks only as far as the pages built so far allow: a fresh window on the curves went down to 578x204, its plot, title and readout drawn over each other, and after a visit to the trainer it stopped at 810x491. Each page keeps its own least size once built (a larger one wins).</extracomment>
        <translation>就绪</translation>
    </message>
    <message>
        <location line="-165"/>
        <source>This panel could not be loaded:

{0}</source>
        <translation>无法加载此面板：

{0}</translation>
    </message>
    <message>
        <location line="+138"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="-165"/>
        <source>The remembered settings of this tab could not be read ({0}); it starts with its defaults</source>
        <translation>无法读取此标签页记住的设置（{0}）；它以默认设置启动</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>No room for the “Try this” card beside this tab: widen the window by {0} px.</source>
        <translation>此标签页旁没有放“试一试”卡片的空间：请把窗口加宽 {0} 像素。</translation>
    </message>
    <message>
        <location line="+119"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open state…</source>
        <translation>打开状态(&amp;O)…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Save state…</source>
        <translation>保存状态(&amp;S)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Copy state</source>
        <translation>复制状态(&amp;C)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Paste state</source>
        <translation>粘贴状态(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Try this cards</source>
        <translation>“试一试”卡片(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About gatelab</source>
        <translation>关于 gatelab(&amp;A)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>键盘快捷键(&amp;K)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every tab&apos;s settings as one line, to paste elsewhere</source>
        <translation>把所有标签页的设置复制为一行文本，便于粘贴到别处</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Try this</source>
        <translation>试一试</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show or hide the guided steps and questions (F2)</source>
        <translation>显示或隐藏引导步骤和自测题 (F2)</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>&lt;h3&gt;gatelab {0}&lt;/h3&gt;&lt;p&gt;See and feel how the gated MLP (SwiGLU and its relatives) inside every modern transformer works: activation curves, the (g, u) gate plane, the exact parameter budget, a live trainer, a look inside trained models and the whole forward pass; each tab has guided steps and questions.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;gatelab {0}&lt;/h3&gt;&lt;p&gt;直观感受每个现代 Transformer 中的门控 MLP（SwiGLU 及其同类）如何工作：激活函数曲线、(g, u) 门控平面、精确的参数预算、实时训练、训练后模型的内部，以及完整的前向传播；每个标签页都有引导步骤和自测题。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>About gatelab</source>
        <translation>关于 gatelab</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+18"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
</context>
<context>
    <name>MapTexts</name>
    <message>
        <location filename="../../gatelab/ui/forward_map_text.py" line="+33"/>
        <source>gated MLP ({0}): {1} experts, one shown</source>
        <translation>门控 MLP（{0}）：{1} 个专家，显示其中一个</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MLP ({0}): {1} experts, one shown</source>
        <translation>MLP（{0}）：{1} 个专家，显示其中一个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gated MLP ({0})</source>
        <translation>门控 MLP（{0}）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MLP ({0})</source>
        <translation>MLP（{0}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>embedding</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <source>norm</source>
        <translation>归一化</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>final norm</source>
        <translation>最终归一化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LM head (tied)</source>
        <translation>LM 输出头（共享权重）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LM head</source>
        <translation>LM 输出头</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>sample</source>
        <translation>采样</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{0}, {1} heads</source>
        <translation>{0}，{1} 个头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0}, {1} heads ({2} key/value)</source>
        <translation>{0}，{1} 个头（{2} 个键/值头）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{0} + output gate</source>
        <translation>{0} + 输出门控</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>softmax → next token</source>
        <translation>softmax → 下一个 token</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>The text as token ids, each below the vocabulary size V</source>
        <translation>以 token id 表示的文本，每个 id 都小于词表大小 V</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One learned row of d numbers per token id: the residual stream starts here</source>
        <translation>每个 token id 对应一行可学习的 d 个数：残差流从这里开始</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>RMSNorm: rescales the residual stream before attention</source>
        <translation>RMSNorm：在注意力之前重新缩放残差流</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Mixes information between positions; the attention sink lives here</source>
        <translation>在不同位置之间混合信息；注意力汇聚（sink）就在这里</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Residual add: attention&apos;s output is added to the stream</source>
        <translation>残差相加：注意力的输出加到残差流上</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>RMSNorm: rescales the residual stream before the MLP</source>
        <translation>RMSNorm：在 MLP 之前重新缩放残差流</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RMSNorm: rescales attention&apos;s output before it is added to the stream</source>
        <translation>RMSNorm：在注意力的输出加回残差流之前重新缩放它</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RMSNorm: rescales the MLP&apos;s output before it is added to the stream</source>
        <translation>RMSNorm：在 MLP 的输出加回残差流之前重新缩放它</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>The gated MLP: every neuron computes h = act(g)·u</source>
        <translation>门控 MLP：每个神经元计算 h = act(g)·u</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Widening projection d → m: the pre-gates g</source>
        <translation>扩宽投影 d → m：得到门控前值 g</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Widening projection d → m: the values u</source>
        <translation>扩宽投影 d → m：得到值 u</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The activation applied to g (SiLU for SwiGLU)</source>
        <translation>作用于 g 的激活函数（SwiGLU 用 SiLU）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Element-wise product of {0} pairs: no weights, not a matrix product</source>
        <translation>{0} 对数的逐元素乘积：没有权重，不是矩阵乘积</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Narrowing projection m → d back to the residual stream</source>
        <translation>收窄投影 m → d，回到残差流</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Residual add: the MLP&apos;s output is a small correction to the stream</source>
        <translation>残差相加：MLP 的输出是对残差流的一个小修正</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>RMSNorm after the last layer</source>
        <translation>最后一层之后的 RMSNorm</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LayerNorm subtracts the mean and divides by the standard deviation, with a learned scale and bias</source>
        <translation>LayerNorm 先减去均值，再除以标准差，并带有可学习的缩放和偏置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(RMSNorm would only divide by the root mean square, with a learned scale)</source>
        <translation>（RMSNorm 只除以均方根，并带有可学习的缩放）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LayerNorm of the residual stream before attention</source>
        <translation>注意力之前对残差流做 LayerNorm</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LayerNorm of the residual stream before the MLP</source>
        <translation>MLP 之前对残差流做 LayerNorm</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LayerNorm of the stream after attention&apos;s output is added to it (post-norm)</source>
        <translation>注意力的输出加到残差流之后，对残差流做 LayerNorm（后归一化）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LayerNorm of attention&apos;s output before it is added to the stream</source>
        <translation>注意力的输出加回残差流之前，对它做 LayerNorm</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LayerNorm of the stream after the MLP&apos;s output is added to it (post-norm)</source>
        <translation>MLP 的输出加到残差流之后，对残差流做 LayerNorm（后归一化）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LayerNorm of the MLP&apos;s output before it is added to the stream</source>
        <translation>MLP 的输出加回残差流之前，对它做 LayerNorm</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LayerNorm after the last layer</source>
        <translation>最后一层之后的 LayerNorm</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Projects d → V: one logit per vocabulary entry; tied: its weights are the embedding&apos;s</source>
        <translation>投影 d → V：词表中每一项对应一个 logit；共享权重：它的权重就是嵌入的权重</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Projects d → V: one logit per vocabulary entry</source>
        <translation>投影 d → V：词表中每一项对应一个 logit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Softmax over the logits, then draw the next token</source>
        <translation>对 logit 做 softmax，然后抽取下一个 token</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+115"/>
        <source>Click or press Enter to open:</source>
        <translation>点击或按 Enter 打开：</translation>
    </message>
    <message>
        <location line="-108"/>
        <source>× N layers</source>
        <translation>× N 层</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>× {0} layers ({1} of them with linear attention)</source>
        <translation>× {0} 层（其中 {1} 层为线性注意力）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>× {0} layers</source>
        <translation>× {0} 层</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>residual stream, {0}</source>
        <translation>残差流，{0}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>In this family attention and the MLP run in parallel on the same input, each through its own norm, and both outputs are added at once (the map draws them in turn).</source>
        <translation>在这一系列模型中，注意力和 MLP 并行作用于同一输入，各自经过自己的归一化，两者的输出同时相加（图中按先后顺序绘制）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>In this family attention and the MLP run in parallel on the same normalised input (one norm shared by both), and both outputs are added at once (the map draws them in turn).</source>
        <translation>在这一系列模型中，注意力和 MLP 并行作用于同一个归一化后的输入（两者共用一个归一化），两者的输出同时相加（图中按先后顺序绘制）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This family normalises after each residual add (post-norm): x → norm(x + block(x)); the map draws each norm before its +.</source>
        <translation>这一系列模型在每次残差相加之后做归一化（后归一化）：x → norm(x + block(x))；图中把每个归一化画在对应的 + 之前。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>It is an encoder: every token sees the whole text (no causal mask), and its base model ends in a pooler, not in an LM head; the map&apos;s last two boxes show what a causal LM does instead.</source>
        <translation>它是一个编码器：每个 token 都能看到整段文本（没有因果掩码），其基础模型以池化层（pooler）结尾，而不是 LM 输出头；图中最后两个框展示的是因果语言模型的做法。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No model known yet: generic sizes d (width), m (MLP width), N (layers), V (vocabulary). Analyse a text in Inside the model, set up the Live trainer or pick a preset in Parameter budget, then press Refresh.</source>
        <translation>尚无已知模型：使用通用尺寸 d（宽度）、m（MLP 宽度）、N（层数）、V（词表）。请在“模型内部”中分析一段文本、在“实时训练”中设置好模型，或在“参数预算”中选择一个预设，然后按“刷新”。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>sizes from: {0} preset · MLP {1} × {2} layers</source>
        <translation>尺寸来自：{0} 预设 · MLP {1} × {2} 层</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sizes from: {0} (Inside the model) · MLP {1} × {2} layers</source>
        <translation>尺寸来自：{0}（模型内部）· MLP {1} × {2} 层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sizes from: {0} (the Live trainer&apos;s form) · MLP {1} × {2} layers</source>
        <translation>尺寸来自：{0}（实时训练的表单）· MLP {1} × {2} 层</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sizes from: {0} (Parameter budget) · MLP {1} × {2} layers</source>
        <translation>尺寸来自：{0}（参数预算）· MLP {1} × {2} 层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sizes from: {0} · MLP {1} × {2} layers</source>
        <translation>尺寸来自：{0} · MLP {1} × {2} 层</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Tokens: the text as ids, {0}.</source>
        <translation>token：以 id 表示的文本，{0}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Embedding: a table of {0} numbers; row i starts token i&apos;s residual stream.</source>
        <translation>嵌入：一个含 {0} 个数的表；第 i 行是 token i 残差流的起点。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Norm before attention: {0}.</source>
        <translation>注意力之前的归一化：{0}。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Norm before the MLP: {0}.</source>
        <translation>MLP 之前的归一化：{0}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Norm after attention: {0}, on attention&apos;s output before the residual add.</source>
        <translation>注意力之后的归一化：{0}，作用于注意力的输出，在残差相加之前。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Norm after the MLP: {0}, on the MLP&apos;s output before the residual add.</source>
        <translation>MLP 之后的归一化：{0}，作用于 MLP 的输出，在残差相加之前。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Final norm: {0}.</source>
        <translation>最终归一化：{0}。</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>Attention: {0}; it moves information between positions.</source>
        <translation>注意力：{0}；它在不同位置之间传递信息。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Residual +: the stream keeps its value and adds attention&apos;s output.</source>
        <translation>残差 +：残差流保留原值，并加上注意力的输出。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Gated MLP: gate_proj and up_proj widen {0}, down_proj narrows {1}; {2} in each of {3} layers.</source>
        <translation>门控 MLP：gate_proj 和 up_proj 扩宽 {0}，down_proj 收窄 {1}；{3} 层中每层 {2}。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gate_proj: {0}, the pre-gates g.</source>
        <translation>gate_proj：{0}，得到门控前值 g。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>up_proj: {0}, the values u.</source>
        <translation>up_proj：{0}，得到值 u。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0}: applied to each of the {1} pre-gates g.</source>
        <translation>{0}：作用于 {1} 个门控前值 g 中的每一个。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>⊙: {0}(g) ⊙ u, {1} products element by element; no weights, not a matrix product.</source>
        <translation>⊙：{0}(g) ⊙ u，逐元素计算 {1} 个乘积；没有权重，不是矩阵乘积。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>down_proj: {0}, back to the residual stream.</source>
        <translation>down_proj：{0}，回到残差流。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Residual +: the MLP&apos;s output is added to the stream, a small correction.</source>
        <translation>残差 +：MLP 的输出加到残差流上，是一个小修正。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LM head: {0}, one logit per vocabulary entry.</source>
        <translation>LM 输出头：{0}，词表中每一项对应一个 logit。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sample: softmax over the logits, then draw the next token.</source>
        <translation>采样：对 logit 做 softmax，然后抽取下一个 token。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Attention: {0} in {1} of the {2} layers; the other {3} use linear attention (Gated DeltaNet), with no softmax and no attention weights.</source>
        <translation>注意力：{2} 层中有 {1} 层为 {0}；其余 {3} 层使用线性注意力（Gated DeltaNet），没有 softmax，也没有注意力权重。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>LM head: {0}, one logit per vocabulary entry; tied: it reuses the embedding&apos;s {1} table, no weights of its own.</source>
        <translation>LM 输出头：{0}，词表中每一项对应一个 logit；共享权重：它复用嵌入的 {1} 表，没有自己的权重。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Norm after the residual add: {0}; this family normalises the stream after attention&apos;s output is added (the map draws it before the +).</source>
        <translation>残差相加之后的归一化：{0}；这一系列模型在注意力的输出加到残差流之后才做归一化（图中画在 + 之前）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Norm after the residual add: {0}; this family normalises the stream after the MLP&apos;s output is added (the map draws it before the +).</source>
        <translation>残差相加之后的归一化：{0}；这一系列模型在 MLP 的输出加到残差流之后才做归一化（图中画在 + 之前）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>MLP: up_proj widens {0}, down_proj narrows {1}; {2} in each of {3} layers.</source>
        <translation>MLP：up_proj 扩宽 {0}，down_proj 收窄 {1}；{3} 层中每层 {2}。</translation>
    </message>
</context>
<context>
    <name>MlpView</name>
    <message>
        <location filename="../../gatelab/ui/inside_mlp.py" line="+95"/>
        <source>MLP contribution: ‖MLP out‖ / ‖layer out‖</source>
        <translation>MLP 贡献：‖MLP 输出‖ / ‖层输出‖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How big a correction each layer&apos;s MLP writes into the residual stream, relative to the stream after it</source>
        <translation>每层 MLP 向残差流写入的修正有多大（相对于该层之后的残差流）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Residual-stream norm ‖layer out‖</source>
        <translation>残差流范数 ‖层输出‖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The norm of the hidden state after each layer</source>
        <translation>每层之后隐藏状态的范数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this token</source>
        <translation>此 token</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>mean over the text</source>
        <translation>全文均值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click a bar to read its layer&apos;s exact ratio. The lesson&apos;s exercise: click the largest and the smallest non-empty bar and compare.</source>
        <translation>点击柱条读取该层的精确比值。课程练习：点击最大和最小的非空柱条，比较一下。</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Compared with L{0} ({1}): the larger ratio is {2}× the smaller.</source>
        <translation>与 L{0}（{1}）相比：较大的比值是较小比值的 {2} 倍。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;b&gt;L{0}&lt;/b&gt; at token {1} “{2}”: ‖MLP out‖ / ‖layer out‖ = &lt;b&gt;{3}&lt;/b&gt; (mean over the text {4}); ‖layer out‖ = {5}</source>
        <translation>&lt;b&gt;L{0}&lt;/b&gt; 在 token {1}“{2}”处：‖MLP 输出‖ / ‖层输出‖ = &lt;b&gt;{3}&lt;/b&gt;（全文均值 {4}）；‖层输出‖ = {5}</translation>
    </message>
</context>
<context>
    <name>NeuronRankings</name>
    <message>
        <location filename="../../gatelab/ui/inside_neuron.py" line="+241"/>
        <source>neuron</source>
        <translation>神经元</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>max h</source>
        <translation>最大 h</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fires on the selected span</source>
        <translation>对所选片段激活</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CSV data (*.csv);;PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>CSV 数据 (*.csv);;PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save both rankings as CSV, or as a picture</source>
        <translation>将两个排名保存为 CSV 或图片</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Most selective neurons of L{0}</source>
        <translation>L{0} 层选择性最强的神经元</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Drag across tokens in the text above (say, “Paris”) to rank the neurons of this layer that fire on them more than on the rest of the text.</source>
        <translation>在上方文本中拖选若干 token（例如“巴黎”，英文示例中是“Paris”），即可对该层神经元排名：看哪些神经元在这些 token 上比在其余文本上激活得更强。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Span “{0}” (tokens {1}–{2}) in L{3}: score = (mean h on the span − mean h elsewhere) / spread.</source>
        <translation>L{3} 层中的片段“{0}”（token {1}–{2}）：得分 =（片段上 h 的均值 − 其余位置 h 的均值）/ 离散度。</translation>
    </message>
</context>
<context>
    <name>NumberField</name>
    <message>
        <location filename="../../gatelab/ui/widgets.py" line="+247"/>
        <source>enter a finite number</source>
        <translation>请输入有限数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>enter a whole number</source>
        <translation>请输入整数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>must lie in [{0}, {1}]</source>
        <translation>必须在 [{0}, {1}] 范围内</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>“{0}” is not a finite number</source>
        <translation>“{0}”不是有限数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>enter a number</source>
        <translation>请输入数字</translation>
    </message>
</context>
<context>
    <name>PlotCard</name>
    <message>
        <location filename="../../gatelab/ui/inside_export.py" line="+37"/>
        <location filename="../../gatelab/ui/plot_card.py" line="+209"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../gatelab/ui/plot_card.py" line="+1"/>
        <source>Save this plot as PNG or SVG, or its data as CSV</source>
        <translation>将此图保存为 PNG 或 SVG，或将其数据保存为 CSV</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/plot_card.py" line="+165"/>
        <source>Unknown export format {0}: use .png, .svg or .csv</source>
        <translation>未知的导出格式 {0}：请使用 .png、.svg 或 .csv</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Export plot</source>
        <translation>导出图</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;CSV data (*.csv)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;CSV 数据 (*.csv)</translation>
    </message>
</context>
<context>
    <name>PresetTable</name>
    <message>
        <location filename="../../gatelab/ui/budget_table.py" line="+202"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>d</source>
        <translation>d</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FFN params
/ layer</source>
        <translation>每层 FFN
参数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>8d/3
rule</source>
        <translation>8d/3
规则</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MLP
share</source>
        <translation>MLP
占比</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Active
/ token</source>
        <translation>每 token
激活</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MLP
(all layers)</source>
        <translation>MLP
（所有层）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Embedding
table</source>
        <translation>嵌入
矩阵</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Preset (or your model); MoE rows describe one expert</source>
        <translation>预设模型（或你的模型）；MoE 行描述单个专家</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>ceil(8d/3): the gated width matching classic 4×</source>
        <translation>ceil(8d/3)：与经典 4× 参数量相当的门控宽度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MLP parameters ÷ all parameters</source>
        <translation>MLP 参数量 ÷ 总参数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All parameters; ≈ marks counts that are not exact</source>
        <translation>总参数量；≈ 表示不精确的计数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters used per token (MoE: routed experts only)</source>
        <translation>每个 token 用到的参数量（MoE：仅计被路由的专家）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Click a header to sort; double-click a row (or press Enter on it) to show that model in the charts</source>
        <translation>点击表头可排序；双击某一行（或在该行上按回车）可在图表中显示该模型</translation>
    </message>
    <message>
        <location line="-25"/>
        <source>m</source>
        <translation>m</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>m ÷ d</source>
        <translation>m ÷ d</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Classic
equivalent</source>
        <translation>等效
经典宽度</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Hidden width d (n_embd)</source>
        <translation>隐藏维 d（n_embd）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Intermediate width m of the FFN</source>
        <translation>FFN 的中间维 m</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expansion factor m ÷ d (classic 4×; gated break-even 8/3 ≈ 2.667)</source>
        <translation>扩展倍数 m ÷ d（经典 4×；门控持平点 8/3 ≈ 2.667）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters of one FFN: 3·d·m gated, 2·d·m classic (plus biases)</source>
        <translation>单个 FFN 的参数量：门控 3·d·m，经典 2·d·m（另加偏置）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Classic width with the same parameters (1.5·m for a gated FFN)</source>
        <translation>参数量相同的经典宽度（门控 FFN 为 1.5·m）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>All layers&apos; MLP parameters (every expert, shared expert and router); for a dense model 3·d·m·layers</source>
        <translation>所有层的 MLP 参数量（含每个专家、共享专家和路由器）；稠密模型为 3·d·m·层数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The token embedding table vocab × d, to set beside the MLP</source>
        <translation>token 嵌入矩阵 vocab × d，用来与 MLP 对照</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not exact: see the model&apos;s notes</source>
        <translation>不精确：请看该模型的说明</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (MoE)</source>
        <translation>（MoE）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MoE: m and FFN params / layer describe one expert; Total counts every expert, Active / token the routed ones</source>
        <translation>MoE：m 和每层 FFN 参数量描述单个专家；总计包含所有专家，每 token 激活只计被路由到的专家</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (MoE: one expert)</source>
        <translation>（MoE：单个专家）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Copy as Markdown</source>
        <translation>复制为 Markdown</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the table, in its current order, as a Markdown table</source>
        <translation>按当前顺序把表格复制为 Markdown 表格</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy as CSV</source>
        <translation>复制为 CSV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the table as CSV with plain numbers</source>
        <translation>把表格复制为纯数字的 CSV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sizes from each model&apos;s config.json; exact where the family is counted tensor by tensor.</source>
        <translation>尺寸取自各模型的 config.json；逐张量核算过的模型系列为精确值。</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>Copied {0} rows as Markdown</source>
        <translation>已复制 {0} 行（Markdown）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Copied {0} rows as CSV</source>
        <translation>已复制 {0} 行（CSV）</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <location filename="../../gatelab/ui/qt_strings.py" line="+22"/>
        <source>Folder</source>
        <comment>All other platforms</comment>
        <translation>文件夹</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <location line="-2"/>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>ResumeRuns</name>
    <message>
        <location filename="../../gatelab/ui/trainer_resume.py" line="+87"/>
        <source>Every step was trained, only the run&apos;s end was not recorded: writing its final sample…</source>
        <translation>每一步都已训练完，只是运行的结束没有被记录：正在写入它的最终样例…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>No sample: {0}</source>
        <translation>无法生成样例：{0}</translation>
    </message>
</context>
<context>
    <name>RunBar</name>
    <message>
        <location filename="../../gatelab/ui/trainer_run_bar.py" line="+86"/>
        <source>▶ Start</source>
        <translation>▶ 开始</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Pause or resume the run (the model stays in memory) ({0})</source>
        <translation>暂停或继续运行（模型保留在内存中）（{0}）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>End the run now; it is kept and can be resumed ({0})</source>
        <translation>立即结束运行；运行会被保留，之后可以继续训练（{0}）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Train a new model with these settings (Ctrl+Return)</source>
        <translation>用这些设置训练一个新模型（Ctrl+Return）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>■ Stop</source>
        <translation>■ 停止</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot start: {0}</source>
        <translation>无法开始：{0}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location line="+148"/>
        <source>an experiment is training (see the Experiment view)</source>
        <translation>有实验正在训练（见“实验”视图）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>replay: step {0:,} / {1:,} (not training)</source>
        <translation>回放：第 {0:,} / {1:,} 步（未在训练）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>step {0:,} / {1:,} · writing a sample…</source>
        <translation>第 {0:,} / {1:,} 步 · 正在写样本…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>step {0:,} / {1:,} · paused</source>
        <translation>第 {0:,} / {1:,} 步 · 已暂停</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>step {0:,} / {1:,} · ETA …</source>
        <translation>第 {0:,} / {1:,} 步 · 剩余 …</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>step {0:,} / {1:,} · {2:,.0f} tok/s · ETA {3}</source>
        <translation>第 {0:,} / {1:,} 步 · {2:,.0f} token/秒 · 剩余 {3}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>estimating…</source>
        <translation>估算中…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>done: {0:,} steps</source>
        <translation>完成：{0:,} 步</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>failed at step {0:,} / {1:,}</source>
        <translation>在第 {0:,} / {1:,} 步失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped at step {0:,} / {1:,}</source>
        <translation>在第 {0:,} / {1:,} 步停止</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>starting… (building the model)</source>
        <translation>正在启动…（构建模型）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>failed before the first step</source>
        <translation>在第一步之前失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped before the first step</source>
        <translation>在第一步之前停止</translation>
    </message>
    <message>
        <location line="-184"/>
        <location line="+37"/>
        <location line="+92"/>
        <source>Training on {0}</source>
        <translation>正在 {0} 上训练</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>paused before the first step</source>
        <translation>在第一步之前暂停</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>stopping…</source>
        <translation>正在停止…</translation>
    </message>
</context>
<context>
    <name>RunsView</name>
    <message>
        <location filename="../../gatelab/ui/runs_view.py" line="+131"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FFN</source>
        <translation>FFN</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Corpus</source>
        <translation>语料</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Layers, width d, intermediate m, heads; +gate: the attention output gate is on</source>
        <translation>层数、宽度 d、中间维度 m、头数；+gate：注意力输出门控已开启</translation>
    </message>
    <message>
        <location line="+134"/>
        <source>No runs yet. Press Start to train one; runs made with gatelab-train appear here too.</source>
        <translation>还没有运行记录。按“开始”训练一个；用 gatelab-train 进行的运行也会显示在这里。</translation>
    </message>
    <message>
        <location line="-121"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Read the runs folder again</source>
        <translation>重新读取运行文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open (replay plots)</source>
        <translation>打开（回放曲线）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Resume training</source>
        <translation>继续训练</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open experiment</source>
        <translation>打开实验</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This run is part of an experiment: show the whole comparison in the Experiment view</source>
        <translation>此运行属于某个实验：在“实验”页中显示完整对比</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Show this run&apos;s curves in the Live plots tab</source>
        <translation>在“实时曲线”标签页中显示此次运行的曲线</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Val</source>
        <translation>验证</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The run&apos;s folder name (experiment/run for an experiment&apos;s runs)</source>
        <translation>运行的文件夹名（实验中的运行为 实验/运行）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FFN variant</source>
        <translation>FFN 变体</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The text the model learned</source>
        <translation>模型学习的文本</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Steps trained / planned</source>
        <translation>已训练步数 / 计划步数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Final training loss (nats per character)</source>
        <translation>最终训练损失（每字符 nat）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Final validation loss (nats per character)</source>
        <translation>最终验证损失（每字符 nat）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How the run ended; hover for the whole reason</source>
        <translation>运行如何结束；悬停可查看完整原因</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Double-click a run (or press Enter) to replay its plots; Delete asks to delete it</source>
        <translation>双击某个运行（或按回车）可回放其曲线；按 Delete 键会询问是否删除它</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Saved runs</source>
        <translation>已保存的运行</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Continue from the run&apos;s last checkpoint</source>
        <translation>从此次运行的最后一个检查点继续</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the run folder (asks first)</source>
        <translation>删除运行文件夹（会先询问）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the run&apos;s files in the file manager</source>
        <translation>在文件管理器中显示此次运行的文件</translation>
    </message>
    <message>
        <location line="+192"/>
        <source>Not replayed</source>
        <translation>未回放</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Not resumed</source>
        <translation>未继续训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder not opened</source>
        <translation>未打开文件夹</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Not deleted: {0}</source>
        <translation>未删除：{0}</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Removed the link {0}; the folder it points to was kept: {1}</source>
        <translation>已删除链接 {0}；它指向的文件夹被保留：{1}</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/runs_view_rows.py" line="+68"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>broken</source>
        <translation>已损坏</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>empty</source>
        <translation>空</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{0} is gone: it was deleted or moved outside this app</source>
        <translation>{0} 已不存在：它已在本应用之外被删除或移动</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/runs_view.py" line="-128"/>
        <location line="+9"/>
        <source>Cannot list the runs: {0}</source>
        <translation>无法列出运行：{0}</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>{0} has no checkpoint yet (it stopped before its first one): training it again from step 0</source>
        <translation>{0} 还没有检查点（在第一个检查点之前就停止了）：从第 0 步重新训练</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Delete failed</source>
        <translation>删除失败</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Deleted run {0}</source>
        <translation>已删除运行 {0}</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/runs_view_actions.py" line="+37"/>
        <source>Delete run?</source>
        <translation>删除运行？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete this run and all its files?

{0}</source>
        <translation>删除此次运行及其所有文件？

{0}</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/runs_view_cells.py" line="+118"/>
        <source>{0}: {1}</source>
        <translation>{0}：{1}</translation>
    </message>
</context>
<context>
    <name>SavedExperiments</name>
    <message>
        <location filename="../../gatelab/ui/experiment_saved.py" line="+62"/>
        <source>Could not open the experiment: {0}</source>
        <translation>无法打开实验：{0}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>saved experiment {0} ({1})</source>
        <translation>已保存的实验 {0}（{1}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Verdict: {0}</source>
        <translation>结论：{0}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>saved experiment {0} ({1}, {2} of {3} runs)</source>
        <translation>已保存的实验 {0}（{1}，{3} 个运行中的 {2} 个）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Opened experiment {0}</source>
        <translation>已打开实验 {0}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>running</source>
        <translation>进行中</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Still being trained by another process: the results below cover {0} of {1} runs and are not a verdict yet.</source>
        <translation>仍有另一个进程在训练它：下面的结果只覆盖 {1} 个运行中的 {0} 个，还不是结论。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Interrupted: the process training this experiment ended before all its runs finished.</source>
        <translation>已中断：训练这个实验的进程在所有运行完成之前就结束了。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This experiment stopped with an error.</source>
        <translation>这个实验因错误而停止。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This experiment was stopped before all its runs finished.</source>
        <translation>这个实验在所有运行完成之前被停止了。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The results below cover {0} of {1} runs; they are not a verdict.</source>
        <translation>下面的结果只覆盖 {1} 个运行中的 {0} 个；它们还不是结论。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Continue experiment trains the missing runs in the same folder and then gives the verdict.</source>
        <translation>“继续实验”会在同一文件夹中训练缺失的运行，然后给出结论。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It cannot be continued: {0}</source>
        <translation>无法继续：{0}</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>continuing…</source>
        <translation>正在继续…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Continuing experiment {0}: training the {1} missing runs of {2}…</source>
        <translation>正在继续实验 {0}：训练 {2} 个运行中缺失的 {1} 个…</translation>
    </message>
</context>
<context>
    <name>SavedRuns</name>
    <message>
        <location filename="../../gatelab/ui/trainer_saved.py" line="+70"/>
        <source>Reading run {0}…</source>
        <translation>正在读取运行 {0}…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Run read with a problem: {0}</source>
        <translation>运行已读取，但有问题：{0}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not replayed: stop the current run first</source>
        <translation>未回放：请先停止当前运行</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Replay of {0}</source>
        <translation>回放 {0}</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Opened run {0}</source>
        <translation>已打开运行 {0}</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Nothing to sample: the run&apos;s folder is gone (deleted or moved).</source>
        <translation>无法采样：该运行的文件夹已不存在（已删除或移动）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No checkpoint yet: the run saves one at its first evaluation, every {0} steps, at least every minute and at its end.</source>
        <translation>还没有检查点：运行会在首次评估时、每 {0} 步、至少每分钟一次以及结束时保存检查点。</translation>
    </message>
    <message>
        <location line="-28"/>
        <location line="+31"/>
        <source>Sampling from the latest checkpoint…</source>
        <translation>正在从最新检查点生成文本…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Stopped: sampling from the checkpoint saved at the stop…</source>
        <translation>已停止：正在从停止时保存的检查点生成样例…</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Writing a sample from the checkpoint: {0} of {1} characters…</source>
        <translation>正在根据检查点写样本：已写 {0} / {1} 个字符…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The sample is shown but not kept with the run: {0}</source>
        <translation>样本已显示，但未随运行保存：{0}</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Run {0} was deleted</source>
        <translation>运行 {0} 已被删除</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Could not show the run: {0}</source>
        <translation>无法显示该运行：{0}</translation>
    </message>
    <message>
        <location line="-24"/>
        <location line="+26"/>
        <source>Could not read the run: {0}</source>
        <translation>无法读取运行：{0}</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>gatelab closed while run {0} was training; it is saved at step {1:,} of {2:,}. Select it under Runs and press Resume training to go on.</source>
        <translation>gatelab 关闭时，运行 {0} 正在训练；它已保存在第 {1:,} 步（共 {2:,} 步）。请在“运行记录”中选中它，按“继续训练”即可接着训练。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Part of the remembered trainer form could not be read; those fields show their defaults.</source>
        <translation>记住的训练表单有一部分无法读取；这些字段显示默认值。</translation>
    </message>
    <message>
        <location line="-129"/>
        <location line="+9"/>
        <source>No sample: {0}</source>
        <translation>无法生成样例：{0}</translation>
    </message>
</context>
<context>
    <name>SelectionBar</name>
    <message>
        <location filename="../../gatelab/ui/inside_pickers.py" line="+67"/>
        <source>Decoder layer (every view follows)</source>
        <translation>解码器层（所有视图跟随）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Intermediate neuron of the layer (gate_proj/up_proj row)</source>
        <translation>该层的中间维神经元（gate_proj/up_proj 的行）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Token position in the text (or click a token)</source>
        <translation>文本中的 token 位置（或点击一个 token）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Neuron</source>
        <translation>神经元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Token</source>
        <translation>token</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>{0} · {1}</source>
        <translation>{0} · {1}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>, step {0}</source>
        <translation>，第 {0} 步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 layer</source>
        <translation>1 层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0} layers</source>
        <translation>{0} 层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 token</source>
        <translation>1 个 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0} tokens</source>
        <translation>{0} 个 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0} · m = {1} · d = {2} · {3} · {4}</source>
        <translation>{0} · m = {1} · d = {2} · {3} · {4}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>of {0}</source>
        <translation>共 {0}</translation>
    </message>
</context>
<context>
    <name>ShadedText</name>
    <message>
        <location filename="../../gatelab/ui/inside_neuron.py" line="-215"/>
        <source>HTML page (*.html);;PNG image (*.png);;SVG drawing (*.svg);;CSV data (*.csv)</source>
        <translation>HTML 页面 (*.html);;PNG 图像 (*.png);;SVG 矢量图 (*.svg);;CSV 数据 (*.csv)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the shaded text as an HTML page or a picture, or its numbers as CSV</source>
        <translation>将着色文本保存为 HTML 网页或图片，或将其数值保存为 CSV</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>&lt;b&gt;Neuron explorer&lt;/b&gt;: analyse a text to see what each neuron fires on.</source>
        <translation>&lt;b&gt;神经元浏览器&lt;/b&gt;：分析一段文本，查看每个神经元对什么激活。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&lt;b&gt;Neuron L{0} #{1}&lt;/b&gt; on this text: &lt;span style=&apos;background:#b2182b;color:white&apos;&gt;&amp;nbsp;red&amp;nbsp;&lt;/span&gt; h &amp;gt; 0, &lt;span style=&apos;background:#2166ac;color:white&apos;&gt;&amp;nbsp;blue&amp;nbsp;&lt;/span&gt; h &amp;lt; 0, deeper = larger |h| (max {2}). Hover a token for g, u, act(g), h; click to pick it; drag across tokens (or Shift+←/→) to select a span.</source>
        <translation>&lt;b&gt;神经元 L{0} #{1}&lt;/b&gt; 在此文本上：&lt;span style=&apos;background:#b2182b;color:white&apos;&gt;&amp;nbsp;红&amp;nbsp;&lt;/span&gt; h &amp;gt; 0，&lt;span style=&apos;background:#2166ac;color:white&apos;&gt;&amp;nbsp;蓝&amp;nbsp;&lt;/span&gt; h &amp;lt; 0，颜色越深 |h| 越大（最大 {2}）。悬停在 token 上查看 g、u、act(g)、h；点击选中它；拖过多个 token（或 Shift+←/→）选择片段。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Neuron L{0} #{1}</source>
        <translation>神经元 L{0} #{1}</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Unknown export format {0}: use .html, .png, .svg or .csv</source>
        <translation>未知的导出格式 {0}：请使用 .html、.png、.svg 或 .csv</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>nothing to export yet</source>
        <translation>还没有可导出的内容</translation>
    </message>
</context>
<context>
    <name>ShortcutsHelp</name>
    <message>
        <location filename="../../gatelab/ui/shortcuts_help.py" line="+60"/>
        <source>Next tab</source>
        <translation>下一个标签页</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous tab</source>
        <translation>上一个标签页</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next tab inside this tab (such as Live plots, Runs, Experiment)</source>
        <translation>本标签页内的下一个标签页（如实时曲线、运行记录、实验）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Previous tab inside this tab</source>
        <translation>本标签页内的上一个标签页</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the menu bar</source>
        <translation>打开菜单栏</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter / Space</source>
        <translation>回车 / 空格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Press the focused button</source>
        <translation>按下当前获得焦点的按钮</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Live trainer: start training</source>
        <translation>实时训练：开始训练</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live trainer: stop the run (it is kept and can be resumed)</source>
        <translation>实时训练：停止运行（运行会被保留，之后可以继续训练）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live trainer: pause or resume the run</source>
        <translation>实时训练：暂停或继续运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live trainer, Runs list: delete the selected run (asks first)</source>
        <translation>实时训练的运行记录列表：删除选中的运行（会先询问）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>Arrow keys</source>
        <translation>方向键</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Gate plane: move the point one step (Shift: a finer step)</source>
        <translation>门控平面：把点移动一步（Shift：更细的一步）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Forward pass: move between the boxes (Enter opens a box&apos;s tab)</source>
        <translation>前向传播：在各方框之间移动（Enter 打开方框对应的标签页）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>← / →, Home / End (Shift), Esc</source>
        <translation>← / →，Home / End（Shift），Esc</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inside the model, shaded text: pick the next token (Shift: stretch the selected span); Esc drops the span</source>
        <translation>模型内部，着色文本：选中下一个 token（Shift：伸缩所选片段）；Esc 取消片段</translation>
    </message>
</context>
<context>
    <name>SinkExperimentBox</name>
    <message>
        <location filename="../../gatelab/ui/inside_sink_exp.py" line="+105"/>
        <source>Experiment: attention output gate off vs on</source>
        <translation>实验：注意力输出门控 关 vs 开</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seeds per arm; two or more give a noise floor</source>
        <translation>每组的种子数；两个或以上才有噪声底</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Train both</source>
        <translation>训练两组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trains the same small model with the gate off and on for each seed (several minutes on a CPU)</source>
        <translation>对每个种子，分别在门控关闭和开启时训练同一个小模型（CPU 上需要几分钟）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>gate off</source>
        <translation>门控关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gate on</source>
        <translation>门控开启</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>noise floor</source>
        <translation>噪声底</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>seeds</source>
        <translation>种子数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Training {0} runs of {1} steps…</source>
        <translation>正在训练 {0} 次运行，每次 {1} 步…</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The experiment failed: {0}</source>
        <translation>实验失败：{0}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>first-token share</source>
        <translation>首 token 占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max |hidden|</source>
        <translation>最大 |隐藏状态|</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>val loss</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>stopped early</source>
        <translation>提前停止</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>{0}; saved in {1}</source>
        <translation>{0}；已保存到 {1}</translation>
    </message>
</context>
<context>
    <name>SinkView</name>
    <message>
        <location filename="../../gatelab/ui/inside_sink.py" line="+112"/>
        <source>Mean attention weight on the first token over query positions ≥ 1; 1/t would be uniform</source>
        <translation>查询位置 ≥ 1 上对首 token 的平均注意力权重；均匀分布时为 1/t</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>head</source>
        <translation>头</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>share (%)</source>
        <translation>占比 (%)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>decoder layer</source>
        <translation>解码器层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the layer&apos;s attention kind</source>
        <translation>该层的注意力类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sink</source>
        <translation>汇聚</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gate</source>
        <translation>门控</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;b&gt;The lesson:&lt;/b&gt; without an attention output gate, 46.7 % of attention lands on the first token; with it, 4.8 %. The largest hidden activation drops from 1053 to 94, and the gate&apos;s mean value is only 0.116. Train both below, or train runs with and without “Attention output gate” and open them here.</source>
        <translation>&lt;b&gt;课程要点：&lt;/b&gt;没有注意力输出门控时，46.7 % 的注意力落在第一个 token 上；有门控时只有 4.8 %。最大的隐藏激活从 1053 降到 94，而门控的平均值只有 0.116。在下面训练两组，或者分别训练开启和关闭“注意力输出门控”的运行，再在这里打开它们。</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>First-token attention share, mean over the text</source>
        <translation>首 token 注意力占比（对整段文本取均值）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>sink (mean over heads)</source>
        <translation>汇聚（各头均值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attention gate mean</source>
        <translation>注意力门控均值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max |hidden|</source>
        <translation>最大 |隐藏状态|</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>max |hidden|</source>
        <comment>short column header</comment>
        <translation>最大 |隐藏状态|</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>— (no softmax attention)</source>
        <translation>—（无 softmax 注意力）</translation>
    </message>
</context>
<context>
    <name>SourceBar</name>
    <message>
        <location filename="../../gatelab/ui/inside_source.py" line="+170"/>
        <source>Live run (trainer tab)</source>
        <translation>实时运行（训练标签页）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Saved run</source>
        <translation>已保存的运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hugging Face model folder</source>
        <translation>Hugging Face 模型文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Whose activations to look at</source>
        <translation>查看谁的激活</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your saved runs, newest first</source>
        <translation>你保存的运行，最新的在前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no saved runs yet: train one in the Live trainer tab, or open a run folder</source>
        <translation>还没有保存的运行：在“实时训练”标签页训练一个，或打开一个运行文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+4"/>
        <source>Folder…</source>
        <translation>文件夹…</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Open any run folder</source>
        <translation>打开任意运行文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>folder with config.json, *.safetensors and the tokenizer files</source>
        <translation>包含 config.json、*.safetensors 和分词器文件的文件夹</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>auto: the GPU when there is one, else the CPU</source>
        <translation>auto：有 GPU 时用 GPU，否则用 CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bf16 halves the memory of the weights</source>
        <translation>bf16 使权重占用的内存减半</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the text to analyse</source>
        <translation>要分析的文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Examples</source>
        <translation>示例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Texts from the lessons, in English and in Chinese</source>
        <translation>课程中的文本，英文和中文</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>▶ Analyse</source>
        <translation>▶ 分析</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the text through the model once; switching layer, neuron or token afterwards is instant</source>
        <translation>让文本经过模型一次；之后切换层、神经元或 token 会立即生效</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="-150"/>
        <source>I flew from Paris to Tokyo last week</source>
        <translation>我上周从巴黎飞到东京</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The food was not bad at all</source>
        <translation>这道菜一点也不差</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Try this loop: for i in range(10):</source>
        <translation>试试这个循环：for i in range(10):</translation>
    </message>
    <message>
        <location line="+149"/>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>No live run yet: start one in the Live trainer tab (Ctrl+4), or pick a saved run.</source>
        <translation>还没有实时运行：请在“实时训练”标签页中启动一个（Ctrl+4），或选择已保存的运行。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Choose a saved run (or open a run folder).</source>
        <translation>选择一个已保存的运行（或打开运行文件夹）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose a Hugging Face model folder on disk.</source>
        <translation>选择磁盘上的 Hugging Face 模型文件夹。</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>Choose a run folder</source>
        <translation>选择运行文件夹</translation>
    </message>
    <message>
        <location line="-166"/>
        <location line="+172"/>
        <source>Choose a Hugging Face model folder</source>
        <translation>选择 Hugging Face 模型文件夹</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/inside_jobs.py" line="+22"/>
        <source>reading the checkpoint</source>
        <translation>正在读取检查点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running the text through the model</source>
        <translation>正在让文本通过模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>done</source>
        <translation>完成</translation>
    </message>
</context>
<context>
    <name>StateActions</name>
    <message>
        <location filename="../../gatelab/ui/main_state.py" line="+75"/>
        <source>cannot be written</source>
        <translation>无法写入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>is not in a format gatelab can write back</source>
        <translation>的格式 gatelab 无法写回</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The settings file {0} {1}: this session&apos;s settings are not being saved</source>
        <translation>设置文件 {0} {1}：本次会话的设置没有被保存</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>it holds no settings for any of gatelab&apos;s tabs (it names: {0})</source>
        <translation>它不包含 gatelab 任何标签页的设置（它列出的是：{0}）</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Save state</source>
        <translation>保存状态</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>gatelab state (*.gatelab)</source>
        <translation>gatelab 状态 (*.gatelab)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Could not save the state: {0}</source>
        <translation>无法保存状态：{0}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>State saved to {0}</source>
        <translation>状态已保存到 {0}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open state</source>
        <translation>打开状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gatelab state (*.gatelab);;All files (*)</source>
        <translation>gatelab 状态 (*.gatelab);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reading {0}…</source>
        <translation>正在读取 {0}…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Could not open {0}: {1}</source>
        <translation>无法打开 {0}：{1}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>State opened from {0}</source>
        <translation>已从 {0} 打开状态</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>State copied to the clipboard</source>
        <translation>状态已复制到剪贴板</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The clipboard holds no usable state: {0}</source>
        <translation>剪贴板中没有可用的状态：{0}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>State pasted</source>
        <translation>状态已粘贴</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The state was not applied; nothing changed. {0}</source>
        <translation>状态未应用，当前设置保持不变。{0}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>TopKView</name>
    <message>
        <location filename="../../gatelab/ui/inside_topk.py" line="+88"/>
        <source>Top activating contexts</source>
        <translation>激活最强的上下文</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Text file…</source>
        <translation>文本文件…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A UTF-8 text file to search (HF models)</source>
        <translation>要搜索的 UTF-8 文本文件（HF 模型）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find top contexts</source>
        <translation>查找最强上下文</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CSV data (*.csv);;HTML page (*.html);;PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>CSV 数据 (*.csv);;HTML 页面 (*.html);;PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>the text file {0}</source>
        <translation>文本文件 {0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a text file (choose one)</source>
        <translation>某个文本文件（请选择）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the validation split of the run (text it never trained on)</source>
        <translation>该运行的验证集（从未训练过的文本）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where in {0} does neuron {1} fire most?</source>
        <translation>神经元 {1} 在{0}中的哪些位置激活最强？</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>These contexts are for {0}; press “Find top contexts” for {1}.</source>
        <translation>这些上下文属于 {0}；按“查找最强上下文”查看 {1} 的结果。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Searching… (Cancel keeps the best contexts found so far)</source>
        <translation>正在搜索…（取消会保留目前找到的最佳上下文）</translation>
    </message>
    <message>
        <location line="+32"/>
        <source> (cancelled: the best of the part searched)</source>
        <translation>（已取消：只是已搜索部分中的最佳结果）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0}: cancelled before any context was found.</source>
        <translation>{0}：在找到任何上下文之前已取消。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0}: no finite h over {1:,} characters.</source>
        <translation>{0}：在 {1:,} 个字符中没有一个有限的 h。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{0}: the highest h over {1:,} characters{2}.</source>
        <translation>{0}：{1:,} 个字符中 h 最高的位置{2}。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0}: the {1} highest h over {2:,} characters{3}.</source>
        <translation>{0}：{2:,} 个字符中 h 最高的 {1} 处{3}。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Unknown export format {0}: use .csv, .html, .png or .svg</source>
        <translation>未知的导出格式 {0}：请使用 .csv、.html、.png 或 .svg</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Text to search</source>
        <translation>要搜索的文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Text files (*.txt *.md);;All files (*)</source>
        <translation>文本文件 (*.txt *.md);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/inside_jobs.py" line="+3"/>
        <source>splitting the text into tokens: %p%</source>
        <translation>正在把文本切分为 token：%p%</translation>
    </message>
</context>
<context>
    <name>TrainerControls</name>
    <message>
        <location filename="../../gatelab/ui/trainer_controls.py" line="+101"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/trainer_fields.py" line="+220"/>
        <source>{0} — classic, 2 matrices</source>
        <translation>{0} — 经典，2 个矩阵</translation>
    </message>
    <message>
        <location line="-173"/>
        <source>The feed-forward block inside every layer</source>
        <translation>每层中的前馈网络块</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>FFN variant</source>
        <translation>FFN 变体</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Model width d (embedding size)</source>
        <translation>模型宽度 d（嵌入维度）</translation>
    </message>
    <message>
        <location line="+154"/>
        <source>Compile the model first: a slow start, then faster steps</source>
        <translation>先编译模型：启动较慢，之后每步更快</translation>
    </message>
    <message>
        <location line="-155"/>
        <source>Width d</source>
        <translation>宽度 d</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Number of transformer blocks</source>
        <translation>Transformer 块数</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Attention heads (width must divide by it)</source>
        <translation>注意力头数（宽度须能被其整除）</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Heads</source>
        <translation>头数</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Key/value heads: same as heads (MHA), fewer (GQA) or 1 (MQA)</source>
        <translation>键/值头数：与头数相同（MHA）、更少（GQA）或 1（MQA）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>= heads</source>
        <translation>= 头数</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>MLP intermediate width m; &apos;auto&apos; uses 8/3·d for gated variants, 4·d for classic</source>
        <translation>MLP 中间维 m；“自动”时门控变体用 8/3·d，经典变体用 4·d</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/trainer_controls.py" line="+38"/>
        <location filename="../../gatelab/ui/trainer_fields.py" line="+7"/>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>8/3</source>
        <translation>8/3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>m = ⌈8d/3⌉ rounded up to 16: a gated FFN with the parameters of a classic 4·d one</source>
        <translation>m = ⌈8d/3⌉ 向上取整到 16 的倍数：参数量与经典 4·d 相当的门控 FFN</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Param-matched</source>
        <translation>参数匹配</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Parameter-matched pair: a gated variant gets the width matching a classic 4·d FFN (d = 256: 688), a classic one gets 4·d (1024)</source>
        <translation>参数匹配的一对：门控变体取与经典 4·d FFN 参数量相当的宽度（d = 256 时为 688），经典变体取 4·d（1024）</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/trainer_fields.py" line="-8"/>
        <source>Intermediate m</source>
        <translation>中间维 m</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Context length in characters</source>
        <translation>上下文长度（字符数）</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Block size</source>
        <translation>块大小</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Attention output gate</source>
        <translation>注意力输出门控</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A per-head sigmoid gate on the attention output, computed from the block input</source>
        <translation>作用在注意力输出上的逐头 sigmoid 门控，由块输入计算</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/trainer_controls.py" line="+4"/>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/trainer_fields.py" line="+11"/>
        <source>Optimizer steps</source>
        <translation>优化器步数</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Sequences per step</source>
        <translation>每步的序列数</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Peak learning rate of AdamW, e.g. 1e-3</source>
        <translation>AdamW 的峰值学习率，例如 1e-3</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Linear warm-up steps before cosine decay</source>
        <translation>余弦衰减前的线性预热步数</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Evaluate on validation every N steps</source>
        <translation>每 N 步在验证集上评估一次</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Eval every</source>
        <translation>评估间隔</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Same seed, same run (on CPU)</source>
        <translation>同一种子，同一结果（CPU 上）</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Where to train; &apos;auto&apos; picks CUDA, then MPS, then CPU</source>
        <translation>训练设备；“自动”依次选择 CUDA、MPS、CPU</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>torch.compile (slow start, faster steps)</source>
        <translation>torch.compile（启动慢，每步更快）</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/trainer_controls.py" line="+23"/>
        <source>Reset to defaults</source>
        <translation>恢复默认设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put every setting back to gatelab&apos;s defaults</source>
        <translation>把所有设置恢复为 gatelab 的默认值</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>learning rate must be a number like 1e-3, got {0!r}</source>
        <translation>学习率必须是类似 1e-3 的数字，实际为 {0!r}</translation>
    </message>
    <message>
        <location line="-45"/>
        <location line="+14"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>auto → {0}</source>
        <translation>自动 → {0}</translation>
    </message>
    <message>
        <location line="+148"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>≈ {0:,} ({1:.2f} M)</source>
        <translation>≈ {0:,}（{1:.2f} M）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exact once the corpus is read (the vocabulary sets the embedding size)</source>
        <translation>读取语料后即为精确值（词表大小决定嵌入矩阵大小）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{0:,} ({1:.2f} M)</source>
        <translation>{0:,}（{1:.2f} M）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exact count from the budget module, vocabulary {0}</source>
        <translation>来自参数预算模块的精确计数，词表 {0}</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>the trainer form must be an object</source>
        <translation>训练器表单必须是一个对象</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>corpus must be &apos;python&apos;, &apos;generated&apos; or a file path</source>
        <translation>corpus 必须是 &apos;python&apos;、&apos;generated&apos; 或文件路径</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{0} has a bad value: {1}</source>
        <translation>{0} 的值无效：{1}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{0} must be a whole number from {1:,} to {2:,}, not {3}</source>
        <translation>{0} 必须是 {1:,} 到 {2:,} 之间的整数，而不是 {3}</translation>
    </message>
</context>
<context>
    <name>TrainerLesson</name>
    <message>
        <location filename="../../gatelab/ui/trainer_lesson.py" line="+59"/>
        <source>Stop the current training first (■ Stop), then press this step again.</source>
        <translation>请先停止当前训练（■ 停止），然后再按一次这一步。</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>A run is training: its gate sparsity is already on show in Live plots.</source>
        <translation>有一个运行正在训练：它的门控稀疏度已显示在“实时曲线”中。</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>Train a run first: press ▶ Start (about a minute with the quick settings of the first steps), then press this step again.</source>
        <translation>请先训练一个运行：按 ▶ 开始（使用前几步的快速设置约需一分钟），然后再按一次这一步。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Every saved run stopped too early to draw its gate sparsity as lines (one point per layer): train a run to its end first (▶ Start, about a minute with the quick settings of the first steps), then press this step again.</source>
        <translation>所有已保存的运行都停得太早，门控稀疏度只能画成点（每层一个点）而画不成线：请先把一个运行训练到结束（▶ 开始，使用前几步的快速设置约需一分钟），然后再按一次这一步。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Looking for a saved run with a training history…</source>
        <translation>正在查找有训练历史的已保存运行…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>SwiGLU vs GELU, 5 seeds</source>
        <translation>SwiGLU 对比 GELU，5 个随机种子</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Experiment view: SwiGLU vs parameter-matched GELU, seeds: 5, 200 steps each (10 runs, a few minutes on a CPU). Press ▶ Run experiment: the verdict says whether the gap beats the noise floor, 3σ of the reruns.</source>
        <translation>“实验”视图：SwiGLU 对比参数量匹配的 GELU，随机种子：5，每个 200 步（共 10 次运行，在 CPU 上需几分钟）。按 ▶ 运行实验：结论会说明差距是否超过噪声底，即重复运行的 3σ。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Attention output gate on</source>
        <translation>开启注意力输出门控</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The parameter count grows by {0:,} (a 64 × 64 gate per layer, 2 layers). Press ▶ Start and watch the first-token share above the plots; compare a run with the gate off.</source>
        <translation>参数量增加 {0:,}（每层一个 64 × 64 的门控，共 2 层）。按 ▶ 开始，观察曲线上方的首 token 占比；再与关闭门控的运行比较。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Param-matched m, d = 256</source>
        <translation>参数量匹配的 m，d = 256</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Intermediate m = {0}: SwiGLU&apos;s 3 · 256 · {0} = {1:,} weights differ by about {3:.2f} % from GELU&apos;s 2 · 256 · 1,024 = {2:,} (m is a multiple of {4}).</source>
        <translation>中间维度 m = {0}：SwiGLU 的 3 · 256 · {0} = {1:,} 个权重与 GELU 的 2 · 256 · 1,024 = {2:,} 相差约 {3:.2f} %（m 取 {4} 的倍数）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The 8/3 rule, d = 384</source>
        <translation>8/3 规则，d = 384</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Intermediate m = {0:,}: 8/3 · 384 = 1,024, so a gated FFN costs what a classic 4·d one does.</source>
        <translation>中间维 m = {0:,}：8/3 · 384 = 1,024，因此门控 FFN 的开销与经典的 4·d FFN 相同。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Replay a run: gate sparsity</source>
        <translation>回放一个运行：门控稀疏度</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Live plots show the run again; in Gate sparsity each colour is a layer (L0, L1, …), solid lines are closed gates and dashed ones g&lt;0, and the form holds the run&apos;s own settings.</source>
        <translation>实时图表重新显示该运行；在“门稀疏度”中每种颜色代表一层（L0、L1、…），实线是关闭的门，虚线是 g&lt;0，表单中是该运行自己的设置。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Is the attention output gate a dropout?</source>
        <translation>注意力输出门控是一种 dropout 吗？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Yes: it zeroes random heads while training</source>
        <translation>是：它在训练时随机将一些头置零</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No: a learned sigmoid of the block input scales each head&apos;s output, in training and at inference alike</source>
        <translation>不是：由块输入经可学习的 sigmoid 得到的值缩放每个头的输出，训练和推理时都一样</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Yes, but it only acts at inference</source>
        <translation>是，但它只在推理时起作用</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Dropout is random and only active while training. The output gate is neither: it is computed from the token&apos;s own input, the same way every time.</source>
        <translation>Dropout 是随机的，且只在训练时生效。输出门控两者都不是：它由该 token 自身的输入计算得出，每次都相同。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The gate is sigmoid(x·W) per head channel, learned with the rest of the model and applied at inference too. It lets a head output nothing, so attention no longer has to pile onto the first token to do so.</source>
        <translation>门控是每个头通道上的 sigmoid(x·W)，与模型其余部分一起学习，推理时同样生效。它让一个头可以什么都不输出，因此注意力不必再为此堆到第一个 token 上。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>It acts at inference, but nothing about it is random: the same input gives the same gate. Dropout, in contrast, is switched off at inference.</source>
        <translation>它在推理时起作用，但没有任何随机性：相同的输入得到相同的门控。相比之下，Dropout 在推理时是关闭的。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Two seeds of the same config end 0.02 apart in validation loss; SwiGLU beats GELU by 0.01. What follows?</source>
        <translation>同一配置的两个随机种子，最终验证损失相差 0.02；SwiGLU 比 GELU 好 0.01。由此能得出什么？</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>SwiGLU is the better variant</source>
        <translation>SwiGLU 是更好的变体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing yet: the gap is inside the noise floor; run more seeds</source>
        <translation>还不能下结论：差距在噪声底之内；请运行更多随机种子</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GELU is the better variant</source>
        <translation>GELU 是更好的变体</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A gap smaller than the spread between reruns of one config can come from the seed alone. The experiment&apos;s verdict asks for more than 3σ of that spread.</source>
        <translation>小于同一配置多次重跑之间离散程度的差距，可能仅由随机种子造成。实验的结论要求差距超过该离散程度的 3σ。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The noise floor is 3σ of same-config reruns; a smaller gap says nothing about the variants. More seeds narrow the estimate.</source>
        <translation>噪声底是同一配置重跑结果的 3σ；更小的差距说明不了两个变体的优劣。更多随机种子能让估计更精确。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The numbers say SwiGLU&apos;s loss is lower, but by less than the seed noise, so neither direction is shown.</source>
        <translation>数字表明 SwiGLU 的损失更低，但差距小于随机种子带来的噪声，因此哪个方向都未得到证明。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Why does SwiGLU get m = 688 at d = 256, not 1,024?</source>
        <translation>为什么在 d = 256 时 SwiGLU 的 m = 688，而不是 1,024？</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>It has three matrices (gate, up, down), so 3·d·m ≈ 2·d·4d keeps the FFN&apos;s parameters equal</source>
        <translation>它有三个矩阵（门控、上投影、下投影），因此 3·d·m ≈ 2·d·4d 可使 FFN 的参数量保持相等</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>SiLU needs fewer neurons than GELU</source>
        <translation>SiLU 需要的神经元比 GELU 少</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To leave memory for the attention</source>
        <translation>为了给注意力留出内存</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>gate_proj, up_proj and down_proj make 3·d·m weights against the classic 2·d·4d; m = 688 (a multiple of 16) matches 4·d = 1,024 at d = 256.</source>
        <translation>gate_proj、up_proj 和 down_proj 共有 3·d·m 个权重，而经典结构为 2·d·4d；在 d = 256 时，m = 688（16 的倍数）与 4·d = 1,024 相当。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The activation has nothing to do with the width. The width is chosen so that both variants have the same parameter budget, which keeps the comparison fair.</source>
        <translation>激活函数与宽度无关。选择该宽度是为了让两个变体具有相同的参数预算，从而保证比较公平。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Attention&apos;s size does not depend on m. The smaller m pays for the third matrix of the gated FFN, so both FFNs cost the same.</source>
        <translation>注意力的规模与 m 无关。较小的 m 抵消了门控 FFN 第三个矩阵的开销，因此两个 FFN 的代价相同。</translation>
    </message>
</context>
<context>
    <name>TrainerPanel</name>
    <message>
        <location filename="../../gatelab/ui/trainer_panel.py" line="+145"/>
        <source>Live plots</source>
        <translation>实时曲线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs</source>
        <translation>运行记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Experiment: variant vs variant</source>
        <translation>实验：变体对比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loss, gates, MLP share and speed, live or replayed</source>
        <translation>损失、门控、MLP 占比和速度，实时或回放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every saved run: replay, resume, delete</source>
        <translation>所有已保存的运行：回放、继续、删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SwiGLU vs GELU at equal parameters, over several seeds, with a noise floor</source>
        <translation>参数量相等时 SwiGLU 对比 GELU，多个种子，附噪声下限</translation>
    </message>
    <message>
        <location line="+64"/>
        <location line="+6"/>
        <location line="+102"/>
        <source>Not started: {0}</source>
        <translation>未开始：{0}</translation>
    </message>
    <message>
        <location line="-91"/>
        <source>Not started: cannot create a run folder: {0}</source>
        <translation>未开始：无法创建运行文件夹：{0}</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Trained: writing a sample from the finished model…</source>
        <translation>训练完成：正在用训练好的模型写样本…</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Could not resume: {0}</source>
        <translation>无法继续训练：{0}</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Run {0} saved: replay or resume it under Runs</source>
        <translation>训练运行 {0} 已保存：可在“运行记录”中回放或继续</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Replay</source>
        <translation>回放</translation>
    </message>
    <message>
        <location line="-124"/>
        <location line="+4"/>
        <source>Run {0}</source>
        <translation>运行 {0}</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Training on {0}</source>
        <translation>正在 {0} 上训练</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The run ended with an error: {0}</source>
        <translation>运行因错误而结束：{0}</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Experiment running</source>
        <translation>实验运行中</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/trainer_gate_pairs.py" line="+51"/>
        <source>{0}, layer L{1}, step {2}</source>
        <translation>{0}，L{1} 层，第 {2} 步</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/trainer_panel.py" line="-2"/>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/trainer_state.py" line="+42"/>
        <source>experiment must be an object</source>
        <translation>experiment 必须是对象</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>experiment {0} must be one of {1}</source>
        <translation>experiment {0} 必须是 {1} 之一</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>experiment seeds must be a whole number from {0} to {1}</source>
        <translation>experiment 的随机种子数必须是 {0} 到 {1} 之间的整数</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the trainer state must be an object</source>
        <translation>训练器状态必须是对象</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>view must be one of {0}</source>
        <translation>view 必须是 {0} 之一</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>selected_run must be a folder path</source>
        <translation>selected_run 必须是文件夹路径</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>stop the experiment before loading other experiment settings</source>
        <translation>请先停止实验，再加载其他实验设置</translation>
    </message>
</context>
<context>
    <name>TrainerPlots</name>
    <message>
        <location filename="../../gatelab/ui/trainer_plots.py" line="+139"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+2"/>
        <location line="+1"/>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>train</source>
        <translation>训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>train (smoothed)</source>
        <translation>训练（平滑）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>Solid: fraction of gates &apos;closed&apos; (|act(g)| &lt; ε) — the neuron passes almost nothing. Dashed: fraction of pre-gates g &lt; 0. One colour per layer, named in the legend.</source>
        <translation>实线：“关闭”的门控所占比例（|act(g)| &lt; ε）——该神经元几乎不传递任何信号。虚线：预激活值 g &lt; 0 的比例。每层一种颜色，图例中标明层号。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+11"/>
        <source>ratio</source>
        <translation>比值</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cross-entropy in nats per character on the training batch (thin), its debiased moving average (thick) and on held-out validation text (dots). Lower is better; ln(vocab) is a random guess.</source>
        <translation>训练批次上每字符的交叉熵（单位 nats，细线）、其去偏移动平均（粗线）以及留出验证文本上的值（圆点）。越低越好；ln(vocab) 相当于随机猜测。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Gate sparsity</source>
        <translation>门控稀疏度</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>closed</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>g&lt;0</source>
        <translation>g&lt;0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Largest |h|</source>
        <translation>最大 |h|</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The biggest MLP hidden activation h = act(g)·u seen, per layer: outliers grow here first.</source>
        <translation>每层所见的最大 MLP 隐藏激活 h = act(g)·u：离群值最先在这里增长。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MLP share</source>
        <translation>MLP 占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>‖MLP output‖ / ‖layer output‖ averaged over tokens, per layer: each MLP writes a correction into the residual stream, not a replacement (values well below 1).</source>
        <translation>‖MLP 输出‖ / ‖层输出‖，对 token 取平均，按层显示：每个 MLP 向残差流写入的是修正，而不是替换（值远小于 1）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Warm-up, then cosine decay.</source>
        <translation>先预热，再余弦衰减。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens (characters) processed per second of training.</source>
        <translation>每秒训练处理的 token（字符）数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nats/char</source>
        <translation>nats/字符</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fraction</source>
        <translation>比例</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+11"/>
        <source>lr</source>
        <translation>学习率</translation>
    </message>
    <message>
        <location line="-10"/>
        <location line="+11"/>
        <source>tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Mean attention weight on the first token (an attention sink) at the latest statistics step: over all layers, then per layer. Compare runs with the attention output gate off and on.</source>
        <translation>最新统计步上第一个 token（注意力汇聚 (sink)）获得的平均注意力权重：先是所有层的总体值，再按层显示。可比较关闭和开启注意力输出门控的训练运行。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>first-token share: —</source>
        <translation>首 token 占比：—</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>first-token share: {0:.2f} ({1})</source>
        <translation>首 token 占比：{0:.2f}（{1}）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>L{0} closed</source>
        <translation>L{0} 关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L{0} g&lt;0</source>
        <translation>L{0} g&lt;0</translation>
    </message>
</context>
<context>
    <name>core</name>
    <message>
        <location filename="../../gatelab/core/message_catalog.py" line="+24"/>
        <source>{first}; {rest}</source>
        <translation>{first}；{rest}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the entry {key} is missing</source>
        <translation>缺少条目 {key}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{path}: no such file</source>
        <translation>{path}：没有这个文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: is a folder, not a file</source>
        <translation>{path}：是文件夹，不是文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: permission denied</source>
        <translation>{path}：没有权限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: is not a regular file</source>
        <translation>{path}：不是普通文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: is not a regular file (a pipe, device or socket)</source>
        <translation>{path}：不是普通文件（而是管道、设备或套接字）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: cannot be opened ({reason})</source>
        <translation>{path}：无法打开（{reason}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: read failed ({reason})</source>
        <translation>{path}：读取失败（{reason}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: larger than the {limit} limit</source>
        <translation>{path}：超过 {limit} 的上限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: not UTF-8 text (byte {byte})</source>
        <translation>{path}：不是 UTF-8 文本（第 {byte} 字节）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: cannot be written ({reason})</source>
        <translation>{path}：无法写入（{reason}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>could not read {reason}</source>
        <translation>无法读取 {reason}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{path}: {reason}</source>
        <translation>{path}：{reason}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: a number in it has too many digits</source>
        <translation>{path}：其中某个数字的位数太多</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: not valid JSON ({reason})</source>
        <translation>{path}：不是有效的 JSON（{reason}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: expected a JSON object, found {found}</source>
        <translation>{path}：应为 JSON 对象，实际为 {found}</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>it holds Python objects, not only tensors and plain data (refused for safety)</source>
        <translation>其中含有 Python 对象，而不只是张量和普通数据（出于安全考虑拒绝读取）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{folder}: {reason}</source>
        <translation>{folder}：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: nested too deeply to be a gatelab file</source>
        <translation>{path}：嵌套过深，不是 gatelab 文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no checkpoint to resume from: {path}</source>
        <translation>没有可用于继续训练的检查点：{path}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint {reason}</source>
        <translation>检查点 {reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint {path} is larger than {gb} GB</source>
        <translation>检查点 {path} 大于 {gb} GB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint {path} cannot be read: it is truncated or damaged (not a complete checkpoint file)</source>
        <translation>检查点 {path} 无法读取：文件被截断或已损坏（不是完整的检查点文件）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>checkpoint {path} cannot be read: {reason}</source>
        <translation>检查点 {path} 无法读取：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint {path} is not a gatelab checkpoint (it holds a {found}, not a dict of model and optimizer states)</source>
        <translation>检查点 {path} 不是 gatelab 检查点（其中是 {found}，而不是包含模型和优化器状态的字典）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>checkpoint {path} is not a gatelab checkpoint (&apos;{name}&apos; is missing)</source>
        <translation>检查点 {path} 不是 gatelab 检查点（缺少“{name}”）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>checkpoint {path} is not a gatelab checkpoint (&apos;{name}&apos; is {found})</source>
        <translation>检查点 {path} 不是 gatelab 检查点（“{name}”是 {found}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>checkpoint {path} is damaged (negative token count or empty vocabulary)</source>
        <translation>检查点 {path} 已损坏（token 计数为负或词表为空）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>checkpoint {path} holds an invalid config: {reason}</source>
        <translation>检查点 {path} 中的配置无效：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is damaged or not a torch checkpoint ({name} is compressed; torch.save stores its parts uncompressed)</source>
        <translation>它已损坏或不是 torch 检查点（{name} 被压缩了；torch.save 以不压缩的方式存储各部分）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it is damaged or not a torch checkpoint (its parts list {size:,} bytes, more than the file&apos;s {limit:,})</source>
        <translation>它已损坏或不是 torch 检查点（其各部分共列出 {size:,} 字节，超过文件的 {limit:,} 字节）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>could not read {path}: its arrays hold {size:,} bytes, more than the {limit:,} byte limit</source>
        <translation>无法读取 {path}：其数组共 {size:,} 字节，超过 {limit:,} 字节的上限</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>could not read {path}: it is truncated or damaged (not a complete .npz archive)</source>
        <translation>无法读取 {path}：文件被截断或已损坏（不是完整的 .npz 归档）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>could not read {path}: {reason}</source>
        <translation>无法读取 {path}：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: array &apos;{name}&apos; is {dtype}, not numbers</source>
        <translation>{path}：数组“{name}”的类型是 {dtype}，不是数字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>could not read {path}: {name} is compressed with method {method}; only stored or deflated arrays are read</source>
        <translation>无法读取 {path}：{name} 使用压缩方法 {method}；只读取未压缩（stored）或 deflate 压缩的数组</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>step {value} is not a whole number</source>
        <translation>步数 {value} 不是整数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} {value} is not a number</source>
        <translation>{name} {value} 不是数字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} is not a list of numbers</source>
        <translation>{name} 不是数字列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>line {line}: {why}</source>
        <translation>第 {line} 行：{why}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: skipped {n} bad row(s) ({first})</source>
        <translation>{path}：跳过了 {n} 个有问题的行（{first}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot write {path}: {reason}</source>
        <translation>无法写入 {path}：{reason}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a folder is in the way where this file belongs</source>
        <translation>这个文件的位置上有一个同名文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} is still being trained by process {pid} on {host}; stop that run first</source>
        <translation>{path} 仍在由 {host} 上的进程 {pid} 训练；请先停止那个运行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>run folder not found: {path}</source>
        <translation>找不到运行文件夹：{path}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a gatelab run folder, refusing to delete: {path}</source>
        <translation>不是 gatelab 运行文件夹，拒绝删除：{path}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>the sample was not saved: {reason}</source>
        <translation>样本未保存：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the stats history was not saved: {reason}; training goes on (checkpoints are still saved)</source>
        <translation>统计历史未保存：{reason}；训练继续（检查点仍会保存）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>checkpoint {path} is damaged or not a gatelab checkpoint: it claims step {step}, outside the 0–{limit} steps its config trains</source>
        <translation>检查点 {path} 已损坏或不是 gatelab 检查点：它声称处于第 {step} 步，超出其配置训练的 0–{limit} 步</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: step {step} is implausible for this run (expected 0–{limit}); its saved statistics are not shown at that step</source>
        <translation>{path}：第 {step} 步对该运行不合理（应为 0–{limit}）；不在该步显示其保存的统计</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: skipped (step {step} lies beyond step {limit}, where this run ended)</source>
        <translation>{path}：已跳过（第 {step} 步超出该运行结束时的第 {limit} 步）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: skipped (step {step} lies beyond the {limit} steps this run is configured to train)</source>
        <translation>{path}：已跳过（第 {step} 步超出该运行配置训练的 {limit} 步）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>is a file, not a folder</source>
        <translation>是文件，不是文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>is a pipe, device or socket, not a folder</source>
        <translation>是管道、设备或套接字，不是文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>is a link to nothing, not a folder</source>
        <translation>是指向不存在目标的链接，不是文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot be created: {parent} is not a folder</source>
        <translation>无法创建：{parent} 不是文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot be created ({reason})</source>
        <translation>无法创建（{reason}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>longer than 1 MB</source>
        <translation>长于 1 MB</translation>
    </message>
    <message>
        <location line="-117"/>
        <location line="+118"/>
        <source>nested too deeply</source>
        <translation>嵌套过深</translation>
    </message>
    <message>
        <location line="-149"/>
        <source>GATELAB_HOME is {path}, and its ~ cannot be expanded (no such user, or no home folder known): give a full path</source>
        <translation>GATELAB_HOME 为 {path}，其中的 ~ 无法展开（没有该用户，或不知道其主文件夹）：请给出完整路径</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>it is not a regular file (a pipe, device or socket)</source>
        <translation>它不是普通文件（而是管道、设备或套接字）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>larger than the {limit} limit</source>
        <translation>超过 {limit} 的上限</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the file is empty</source>
        <translation>文件是空的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>line {line}, column {column}</source>
        <translation>第 {line} 行，第 {column} 列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not UTF-8 text (byte {byte})</source>
        <translation>不是 UTF-8 文本（第 {byte} 字节）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a number has too many digits</source>
        <translation>其中某个数字的位数太多</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it cannot be parsed</source>
        <translation>无法解析</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a symbolic link that loops back on itself</source>
        <translation>一个循环指向自身的符号链接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the name or path is too long</source>
        <translation>名称或路径太长</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a part of the path is not a folder</source>
        <translation>路径中有一部分不是文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is a folder</source>
        <translation>它是一个文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No such file or directory</source>
        <translation>没有那个文件或目录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Operation not permitted</source>
        <translation>不允许的操作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the file system is read-only</source>
        <translation>文件系统是只读的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No space left on device</source>
        <translation>设备上没有剩余空间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the disk quota is used up</source>
        <translation>磁盘配额已用完</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an input/output error (a failing disk or a lost connection?)</source>
        <translation>输入/输出错误（磁盘故障或连接中断？）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no device is behind it (a socket, or an unplugged device)</source>
        <translation>其后没有设备（是套接字，或设备已拔出）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the system refused the request (an invalid argument)</source>
        <translation>系统拒绝了该请求（参数无效）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the file is too large for this file system</source>
        <translation>文件对于此文件系统来说太大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>too many files are open</source>
        <translation>打开的文件太多</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the file or device is busy</source>
        <translation>文件或设备正忙</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>something of that name is already there</source>
        <translation>已存在同名的东西</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the text &quot;{value}&quot;</source>
        <translation>文本“{value}”</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the value {value}</source>
        <translation>值 {value}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the number {value}</source>
        <translation>数字 {value}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>null (no value)</source>
        <translation>null（无值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a list ({n} items)</source>
        <translation>一个列表（{n} 项）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an object {{…}}</source>
        <translation>一个对象 {{…}}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a stale file handle (a network file system lost it)</source>
        <translation>文件句柄已失效（网络文件系统丢失了它）</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>{path}: this run needs about {need} free on its disk for its checkpoints and history, but only {free} is free; free some space or train in another folder</source>
        <translation>{path}：这个运行的检查点和历史记录需要磁盘上约 {need} 的空闲空间，但只剩 {free}；请腾出空间，或在另一个文件夹中训练</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path} is still being trained by another process; stop that run first</source>
        <translation>{path} 仍在被另一个进程训练；请先停止那个运行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>nothing was saved: training stopped (the app was closed or killed) before the run wrote its first file; there is nothing to replay or resume, so delete it</source>
        <translation>没有保存任何内容：在这次运行写下第一个文件之前，训练就已停止（应用被关闭或被强行结束）；没有可回放或继续训练的内容，请删除它</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} holds no run to replay or resume: it was stopped before it saved anything; delete it under Runs</source>
        <translation>{path} 中没有可回放或继续训练的运行：它在保存任何内容之前就已停止；请在“运行记录”中删除它</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} was created {age} s ago and may belong to a run that is still starting (reading its text, building its model); it can be deleted once it is {grace} s old</source>
        <translation>{path} 创建于 {age} 秒前，可能属于一个仍在启动的运行（正在读取文本、构建模型）；创建满 {grace} 秒后才能删除</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path} is no longer empty: a run has begun writing into it; not deleted</source>
        <translation>{path} 已不再是空的：有运行已开始向其中写入；未删除</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>not valid JSON</source>
        <translation>不是有效的 JSON</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{name} must be a whole number ≥ 1, got {value!r}</source>
        <translation>{name} 必须是 ≥ 1 的整数，实际为 {value!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} must be ≤ {maximum}, got {value}</source>
        <translation>{name} 必须 ≤ {maximum}，实际为 {value}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} must be a finite number, got {value!r}</source>
        <translation>{name} 必须是有限的数，实际为 {value!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} must be ≥ 0, got {value}</source>
        <translation>{name} 必须 ≥ 0，实际为 {value}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} must be &gt; 0, got {value}</source>
        <translation>{name} 必须 &gt; 0，实际为 {value}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} must be a whole number from 0 to {maximum:,}, got {value!r}</source>
        <translation>{name} 必须是 0 到 {maximum:,} 之间的整数，实际为 {value!r}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{name} must be one of {valid}, got {value!r}</source>
        <translation>{name} 必须是 {valid} 之一，实际为 {value!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>corpus must be &apos;python&apos;, &apos;generated&apos; or a path to a text file</source>
        <translation>语料必须是“python”、“generated”或一个文本文件的路径</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unknown FFN variant {variant!r}; valid: {valid}</source>
        <translation>未知的 FFN 变体 {variant!r}；可选：{valid}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>eval_iters must be ≤ {maximum:,} validation batches per evaluation, got {value:,}</source>
        <translation>eval_iters 必须 ≤ 每次评估 {maximum:,} 个验证批次，实际为 {value:,}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>width {width} must be divisible by heads {heads}</source>
        <translation>宽度 {width} 必须能被头数 {heads} 整除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rotary positions need an even head size (width ÷ heads)</source>
        <translation>旋转位置编码需要偶数的每头维度（宽度 ÷ 头数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>heads {heads} must be divisible by KV heads {kv}</source>
        <translation>头数 {heads} 必须能被 KV 头数 {kv} 整除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>intermediate must be ≤ {limit:,} ({ratio} × width {width}, at most {maximum:,}), got {value:,}</source>
        <translation>中间维必须 ≤ {limit:,}（{ratio} × 宽度 {width}，最多 {maximum:,}），实际为 {value:,}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>positions must be one of {valid}</source>
        <translation>位置编码必须是 {valid} 之一</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min_lr_ratio must lie in [0, 1], got {value}</source>
        <translation>min_lr_ratio 必须在 [0, 1] 之间，实际为 {value}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dropout must lie in [0, 1), got {value}</source>
        <translation>dropout 必须在 [0, 1) 之间，实际为 {value}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Python 3.11.7 standard library (PSF licence), shipped with gatelab: 40 top-level .py files in name order (__future__.py … contextlib.py), first {chars:,} characters, SHA-256 {digest}…</source>
        <translation>Python 3.11.7 标准库（PSF 许可证），随 gatelab 附带：按文件名排序的 40 个顶层 .py 文件（__future__.py … contextlib.py），前 {chars:,} 个字符，SHA-256 {digest}…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>synthetic Python-like lines generated deterministically by gatelab (seed 1234, {chars:,} characters)</source>
        <translation>由 gatelab 确定性生成的类 Python 代码行（随机种子 1234，{chars:,} 个字符）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>text file {path}</source>
        <translation>文本文件 {path}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the vocabulary is empty</source>
        <translation>词表为空</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the corpus has {n:,} distinct characters; the character-level trainer accepts at most {maximum:,} (pick a text in fewer scripts)</source>
        <translation>语料中有 {n:,} 个不同的字符；字符级训练器最多接受 {maximum:,} 个（请选择书写系统更少的文本）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>corpus file is too large ({size:,} bytes; limit {limit:,}): {path}</source>
        <translation>语料文件太大（{size:,} 字节；上限 {limit:,}）：{path}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>corpus file not found: {path}</source>
        <translation>找不到语料文件：{path}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>corpus path is a folder, not a text file: {path}</source>
        <translation>语料路径是文件夹，不是文本文件：{path}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot use the corpus file {reason}</source>
        <translation>无法使用语料文件 {reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>corpus file is empty: {path}</source>
        <translation>语料文件为空：{path}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>corpus file holds only whitespace (spaces, tabs, new lines), no text: {path}</source>
        <translation>语料文件只含空白字符（空格、制表符、换行），没有文本：{path}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>corpus file looks binary (it contains NUL bytes), not text: {path}</source>
        <translation>语料文件看起来是二进制的（含有 NUL 字节），不是文本：{path}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>corpus file is {encoding} text; gatelab reads UTF-8 only, so save it as UTF-8: {path}</source>
        <translation>语料文件是 {encoding} 文本；gatelab 只读取 UTF-8，请将其另存为 UTF-8：{path}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>corpus file is not valid UTF-8 text (bad byte at offset {offset}): {path}</source>
        <translation>语料文件不是有效的 UTF-8 文本（偏移 {offset} 处的字节有误）：{path}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the built-in python corpus is missing or unreadable ({reason}); reinstall gatelab</source>
        <translation>内置的 python 语料缺失或无法读取（{reason}）；请重新安装 gatelab</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the built-in python corpus {path} has been changed (SHA-256 {digest}…, expected {expected}…); reinstall gatelab</source>
        <translation>内置的 python 语料 {path} 已被修改（SHA-256 {digest}…，应为 {expected}…）；请重新安装 gatelab</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no corpus given: use &apos;python&apos;, &apos;generated&apos; or a path to a text file</source>
        <translation>没有给出语料：请使用“python”、“generated”或一个文本文件的路径</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>corpus is too short: {chars:,} characters, but block size {block} needs at least {need:,} (one block + 1 for training and one for validation)</source>
        <translation>语料太短：{chars:,} 个字符，而块大小 {block} 至少需要 {need:,} 个（训练和验证各需一个块 + 1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>checkpoint of {folder} does not fit its model: {reason}</source>
        <translation>{folder} 的检查点与其模型不匹配：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint of {folder} cannot be restored: {reason}</source>
        <translation>{folder} 的检查点无法恢复：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} of its weights hold NaN or infinity ({names}): the checkpoint is damaged, and training cannot go on from it; start a new run</source>
        <translation>其中 {count} 个权重含有 NaN 或无穷大（{names}）：检查点已损坏，无法从它继续训练；请开始新的运行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>its optimizer state does not list this model&apos;s parameters</source>
        <translation>其优化器状态列出的不是此模型的参数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the optimizer state of {name} does not fit it ({problem})</source>
        <translation>{name} 的优化器状态与其不符（{problem}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cannot resume: the run was trained with {name}={saved}, not {wanted}</source>
        <translation>无法继续训练：这个运行训练时 {name}={saved}，而不是 {wanted}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cannot resume: the run&apos;s intermediate size is {saved}, not {wanted}</source>
        <translation>无法继续训练：这个运行的中间维是 {saved}，而不是 {wanted}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cannot resume: the corpus vocabulary changed since the checkpoint</source>
        <translation>无法继续训练：自检查点以来语料的词表已改变</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the run already completed {steps} steps; ask for more than that to continue it</source>
        <translation>这个运行已经完成了 {steps} 步；要继续，请设置更多的步数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>resume needs the run folder to continue</source>
        <translation>继续训练需要运行文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no run to resume in {folder} (no checkpoint, no config.json)</source>
        <translation>{folder} 中没有可继续的运行（没有检查点，也没有 config.json）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>metrics.jsonl ends at step {last} but the checkpoint is at step {step}: steps {first}–{step} have no metrics</source>
        <translation>metrics.jsonl 止于第 {last} 步，但检查点在第 {step} 步：第 {first}–{step} 步没有指标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>metrics.jsonl ends at step {last} but the checkpoint is at step {step}: step {step} has no metrics</source>
        <translation>metrics.jsonl 止于第 {last} 步，但检查点在第 {step} 步：第 {step} 步没有指标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>metrics.jsonl holds no rows but the checkpoint is at step {step}: steps 1–{step} have no metrics</source>
        <translation>metrics.jsonl 没有任何行，但检查点在第 {step} 步：第 1–{step} 步没有指标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>out of {device} memory at step {step} with batch {batch} × block {block} ({params:,} parameters); lower the batch size, block size or width</source>
        <translation>第 {step} 步时 {device} 内存不足，批次 {batch} × 块 {block}（{params:,} 个参数）；请减小批次大小、块大小或宽度</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>loss became {loss} at step {step} (learning rate {lr:.3g}); lower the learning rate or raise warmup</source>
        <translation>第 {step} 步时损失变为 {loss}（学习率 {lr:.3g}）；请降低学习率或增加预热步数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>validation loss became {loss} at step {step}</source>
        <translation>第 {step} 步时验证损失变为 {loss}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>device &apos;cuda&apos; was requested but no CUDA GPU is available here</source>
        <translation>请求了设备“cuda”，但这里没有可用的 CUDA GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>device &apos;mps&apos; was requested but Apple MPS is not available here</source>
        <translation>请求了设备“mps”，但这里没有可用的 Apple MPS</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unknown device {name!r}; use auto, cpu, cuda or mps</source>
        <translation>未知设备 {name!r}；请使用 auto、cpu、cuda 或 mps</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU ({threads} threads)</source>
        <translation>CPU（{threads} 个线程）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{name} must be a whole number ≥ 0, got {value!r}</source>
        <translation>{name} 必须是 ≥ 0 的整数，实际为 {value!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{weights} weights, {grads} gradients, {optimizer} AdamW state, {activations} activations, {logits} logits</source>
        <translation>权重 {weights}，梯度 {grads}，AdamW 状态 {optimizer}，激活 {activations}，logits {logits}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>this run</source>
        <translation>这个运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>training this model</source>
        <translation>训练这个模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lower the batch size, block size, width, layers or intermediate size</source>
        <translation>请减小批次大小、块大小、宽度、层数或中间维</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU memory</source>
        <translation>GPU 内存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RAM</source>
        <translation>内存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} needs ≈ {needed}, {free} {where} available</source>
        <translation>{what}需要约 {needed}，可用{where} {free}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} needs ≈ {needed}, {free} {where} available ({detail})</source>
        <translation>{what}需要约 {needed}，可用{where} {free}（{detail}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{message}; {hint}</source>
        <translation>{message}；{hint}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>none yet: it needs finished runs of at least two variants</source>
        <translation>暂无：需要至少两个变体各有已完成的运行</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{path}: not a readable experiment ({reason})</source>
        <translation>{path}：不是可读取的实验（{reason}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the entry {key} does not hold what an experiment writes there</source>
        <translation>条目 {key} 中不是实验在此写入的内容</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>nothing was saved: the experiment stopped (the app was closed or killed) before it wrote its first file; there is nothing to open or continue, so delete it</source>
        <translation>什么都没有保存：实验在写入第一个文件之前就已停止（应用被关闭或被终止）；没有可打开或继续的内容，请将其删除</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>not a gatelab state: &quot;version&quot; must be a whole number from 1 to {maximum:,}</source>
        <translation>不是 gatelab 状态：“version”必须是 1 到 {maximum:,} 之间的整数</translation>
    </message>
    <message>
        <location filename="../../gatelab/core/message_catalog_continue.py" line="+13"/>
        <source>experiment.json does not say which variants, seeds and settings to train</source>
        <translation>experiment.json 没有说明要训练哪些变体、种子和设置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: the experiment is still being trained by a running process</source>
        <translation>{path}：仍有一个正在运行的进程在训练这个实验</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path} belongs to the experiment {experiment}, which is still being trained; stop the experiment first (its verdict counts this run)</source>
        <translation>{path} 属于实验 {experiment}，该实验仍在训练中；请先停止该实验（它的结论会计入这个运行）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: every run of the experiment has finished; nothing to continue</source>
        <translation>{path}：实验的每个运行都已完成；没有需要继续的</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>run {run} finished at step {done}, not at the experiment&apos;s {steps} steps: delete it in Runs to train it again</source>
        <translation>运行 {run} 在第 {done} 步完成，而不是实验的 {steps} 步：请在“运行”中删除它以重新训练</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>run {run} finished without a usable final validation loss (run.json says {value}), so the experiment cannot compare it: delete it in Runs to train it again</source>
        <translation>运行 {run} 已完成，但没有可用的最终验证损失（run.json 中为 {value}），因此实验无法比较它：请在“运行记录”中删除它以重新训练</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>run {run} trained all {steps} steps, but its run.json cannot be used ({reason}): delete run {run} in Runs to train it again</source>
        <translation>运行 {run} 已训练完全部 {steps} 步，但其 run.json 无法使用（{reason}）：请在“运行记录”中删除运行 {run} 以重新训练</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>run {run} is not this experiment&apos;s: its config.json says variant {variant}, seed {seed}; delete it in Runs to train it again</source>
        <translation>运行 {run} 不属于这个实验：其 config.json 写的是变体 {variant}、种子 {seed}；请在“运行记录”中删除它以重新训练</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it does not say that the run finished</source>
        <translation>其中没有写明该运行已完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} is not a file (a folder or a pipe is in its place): move it away, or delete run {run} in Runs to train it again</source>
        <translation>{path} 不是文件（其位置上是文件夹或管道）：请将其移走，或在“运行记录”中删除运行 {run} 以重新训练</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: the experiment&apos;s corpus (base_config.corpus) cannot be used: {reason}</source>
        <translation>{path}：无法使用实验的语料（base_config.corpus）：{reason}</translation>
    </message>
    <message>
        <location filename="../../gatelab/core/message_catalog_inside.py" line="+15"/>
        <source>dtype must be float32 or bf16, got {value!r}</source>
        <translation>dtype 必须是 float32 或 bf16，实际为 {value!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: config.json cannot be read: {reason}</source>
        <translation>{path}：无法读取 config.json：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: cannot list the folder ({reason})</source>
        <translation>{path}：无法列出文件夹内容（{reason}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: is not a regular file (a pipe, device or socket); a model folder holds plain files only</source>
        <translation>{path}：不是普通文件（而是管道、设备或套接字）；模型文件夹中只能有普通文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: only pickle weights (*.bin / *.pt) here; gatelab loads .safetensors weights only, because pickle files can run code</source>
        <translation>{path}：这里只有 pickle 权重（*.bin / *.pt）；gatelab 只加载 .safetensors 权重，因为 pickle 文件可以执行代码</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: no *.safetensors weights in this folder</source>
        <translation>{path}：这个文件夹中没有 *.safetensors 权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: a weights file is damaged or truncated: {reason}</source>
        <translation>{path}：某个权重文件已损坏或被截断：{reason}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>reading Hugging Face models needs the optional extra: pip install -e &quot;.[hf]&quot; (transformers)</source>
        <translation>读取 Hugging Face 模型需要可选依赖：pip install -e &quot;.[hf]&quot;（transformers）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: architecture {model_type!r} is not a causal language model that this transformers version knows; update transformers or pick another model</source>
        <translation>{path}：架构 {model_type!r} 不是当前 transformers 版本认识的因果语言模型；请更新 transformers 或换一个模型</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: the weight files hold {n:,} tensors that the model built from config.json does not use (for example {names}); these views show that smaller model, not all of the files</source>
        <translation>{path}：权重文件中有 {n:,} 个张量未被按 config.json 构建的模型使用（例如 {names}）；这些视图展示的是这个较小的模型，而不是文件中的全部内容</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path}: transformers knows {model_type!r}, but not as a causal language model (an encoder, an encoder-decoder or an image/audio model); these views trace decoder-only language models: pick one of those</source>
        <translation>{path}：transformers 认识 {model_type!r}，但它不是因果语言模型（而是编码器、编码器-解码器或图像/音频模型）；这些视图追踪的是仅解码器的语言模型：请选择这类模型</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path}: not a folder</source>
        <translation>{path}：不是文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: not a model folder (no config.json)</source>
        <translation>{path}：不是模型文件夹（没有 config.json）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: config.json names no model_type, so it is not a transformers model</source>
        <translation>{path}：config.json 中没有 model_type，因此不是 transformers 模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: config.json&apos;s model_type must be a string, got {found}</source>
        <translation>{path}：config.json 中的 model_type 必须是字符串，实际为 {found}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: the tokenizer is missing (none of {files})</source>
        <translation>{path}：缺少分词器（{files} 都不存在）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} needs about {need} ({params:,} parameters × {bytes} bytes = {weights}, plus {activations} of activations set aside for texts of up to {tokens:,} tokens; a longer text is checked again before its pass) but only {free} is free on {device}; {advice}</source>
        <translation>{name} 需要约 {need}（{params:,} 个参数 × {bytes} 字节 = {weights}，另为最多 {tokens:,} 个 token 的文本预留 {activations} 激活；更长的文本会在其前向计算前再次检查），但 {device} 上只有 {free} 可用；{advice}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>try bf16 (about {need} here), a smaller model or another device</source>
        <translation>请尝试 bf16（此处约需 {need}）、更小的模型或其他设备</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>try a smaller model or another device</source>
        <translation>请尝试更小的模型或其他设备</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>this model has no decoder layers with a gated MLP (mlp.gate_proj, mlp.up_proj); only gated-MLP models can be inspected</source>
        <translation>这个模型没有带门控 MLP（mlp.gate_proj、mlp.up_proj）的解码器层；只能查看门控 MLP 模型</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{path}: Inside cannot read model type {model_type!r} yet: {why}</source>
        <translation>{path}：“模型内部”暂时无法读取模型类型 {model_type!r}：{why}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its MLP rescales the outputs of gate_proj and up_proj and normalises act(g)·u before down_proj, and each layer moves the residual stream towards its update instead of adding it, so the views&apos; g, u, h and MLP ratio would not be its numbers</source>
        <translation>它的 MLP 会缩放 gate_proj 和 up_proj 的输出，并在 down_proj 之前对 act(g)·u 做归一化；每一层把残差流朝它的更新移动，而不是把更新加上去，因此这些视图中的 g、u、h 和 MLP 比值都不会是它的真实数值</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>each layer carries several predictions of the residual stream (AltUp) and sparsifies the gate before its activation, while the views read one residual stream and gate_proj&apos;s output</source>
        <translation>每一层携带残差流的多个预测（AltUp），并在激活之前对门控做稀疏化，而这些视图读取的是单一残差流和 gate_proj 的输出</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>this is a mixture-of-experts model (mlp.experts): each token&apos;s MLP is a few gated experts picked per token, while these views read one dense gated MLP per layer, so it cannot be inspected here; the Parameter budget tab counts it</source>
        <translation>这是一个混合专家模型（mlp.experts）：每个 token 的 MLP 是按 token 选出的几个门控专家，而这些视图读取每层一个稠密门控 MLP，因此这里无法查看它；“参数预算”标签页可以统计它的参数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>unknown device {name!r}; use auto, cpu or cuda</source>
        <translation>未知设备 {name!r}；请使用 auto、cpu 或 cuda</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: the tokenizer cannot be loaded: {reason}</source>
        <translation>{path}：无法加载分词器：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: loading this model would run Python code that ships in the folder (an auto_map entry); gatelab never runs a model folder&apos;s code</source>
        <translation>{path}：加载此模型需要运行文件夹自带的 Python 代码（auto_map 条目）；gatelab 从不运行模型文件夹中的代码</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: the model cannot be loaded: {reason}</source>
        <translation>{path}：无法加载模型：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: MLP activation {act!r} has no gate variant in gatelab</source>
        <translation>{path}：MLP 激活函数 {act!r} 在 gatelab 中没有对应的门控变体</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: the MLP activation differs between layers ({first} in layer {first_layer}, {other} in layer {layer}); gatelab shows one gate variant per model</source>
        <translation>{path}：MLP 激活函数在各层之间不同（第 {first_layer} 层为 {first}，第 {layer} 层为 {other}）；gatelab 每个模型只显示一种门控变体</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: neither the MLP modules (act_fn) nor config.json name the MLP&apos;s activation, so its gate variant is unknown</source>
        <translation>{path}：MLP 模块（act_fn）和 config.json 都没有指明 MLP 的激活函数，因此其门控变体未知</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the tokenizer turned the text into no tokens</source>
        <translation>分词器没有从这段文本得到任何 token</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>1 character of the text ({chars}) is not in this model&apos;s vocabulary and was dropped by its tokenizer: no token stands for it, so the numbers describe the text without it</source>
        <translation>文本中有 1 个字符（{chars}）不在该模型的词表中，已被它的分词器丢弃：没有任何 token 代表它，因此这些数值描述的是去掉它之后的文本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{n} characters of the text ({chars}) are not in this model&apos;s vocabulary and were dropped by its tokenizer: no token stands for them, so the numbers describe the text without them</source>
        <translation>文本中有 {n} 个字符（{chars}）不在该模型的词表中，已被它的分词器丢弃：没有任何 token 代表它们，因此这些数值描述的是去掉它们之后的文本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the text is {n:,} tokens; at most {maximum:,} are analysed at once</source>
        <translation>这段文本有 {n:,} 个 token；一次最多分析 {maximum:,} 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: the forward pass failed: {reason}</source>
        <translation>{path}：前向计算失败：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the model did not hand over every layer&apos;s tensors</source>
        <translation>模型没有交出每一层的张量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the text to analyse is empty</source>
        <translation>要分析的文本为空</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the text holds {n} character(s) that are not valid Unicode (bytes that are not UTF-8?), the first at position {pos}; no tokenizer can read them</source>
        <translation>文本含有 {n} 个无效的 Unicode 字符（不是 UTF-8 的字节？），第一个位于位置 {pos}；任何分词器都无法读取它们</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>tracing {tokens:,} tokens needs about {need} for the kept activations and attention weights, but only {free} is free on {device}; shorten the text</source>
        <translation>追踪 {tokens:,} 个 token 需要约 {need} 来保存激活和注意力权重，但 {device} 上只有 {free} 可用；请缩短文本</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: the weight files lack {n} of the model&apos;s tensors (for example {names}); transformers would fill them with random numbers, so the model is not analysed</source>
        <translation>{path}：权重文件缺少模型的 {n} 个张量（例如 {names}）；transformers 会用随机数填充它们，因此不分析该模型</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: config.json is not a valid model configuration: {reason}</source>
        <translation>{path}：config.json 不是有效的模型配置：{reason}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: {size} is larger than the {limit} that a {kind} may have here</source>
        <translation>{path}：{size} 超过了此处 {kind} 允许的上限 {limit}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: {name} holds {dtype} numbers, not floating-point weights (a quantized checkpoint?); gatelab analyses float16, bfloat16 or float32 weights</source>
        <translation>{path}：{name} 存的是 {dtype} 数值，不是浮点权重（量化的检查点？）；gatelab 只分析 float16、bfloat16 或 float32 权重</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: the tokenizer failed on this text: {reason}</source>
        <translation>{path}：分词器处理此文本失败：{reason}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: the tokenizer turns {chars} characters into {tokens:,} tokens; a real tokenizer gives at most a few per character, so this one is refused</source>
        <translation>{path}：分词器把 {chars} 个字符变成了 {tokens:,} 个 token；真实的分词器每个字符最多产生几个，因此拒绝使用它</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: {n} of the weight files&apos; tensors do not fit config.json, for example {names}</source>
        <translation>{path}：权重文件中有 {n} 个张量与 config.json 不符，例如 {names}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>there is no {device}: this machine has {n} CUDA device(s)</source>
        <translation>没有 {device}：这台机器有 {n} 个 CUDA 设备</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: this run has no checkpoint (ckpt.pt) yet; a run saves one every few steps and when it ends</source>
        <translation>{path}：此运行还没有检查点（ckpt.pt）；运行每隔几步及结束时都会保存一个</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: the tokenizer gives token id {id:,} but the model has {n:,} embeddings; the tokenizer and the model do not belong together</source>
        <translation>{path}：分词器给出 token id {id:,}，但模型只有 {n:,} 个嵌入；分词器与模型不是一套</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: config.json&apos;s {name} is {value}; it must be a whole number above 0</source>
        <translation>{path}：config.json 中的 {name} 为 {value}；它必须是大于 0 的整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: config.json&apos;s {name} is {value}; it must be a finite number above 0</source>
        <translation>{path}：config.json 中的 {name} 为 {value}；它必须是大于 0 的有限数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: config.json&apos;s architectures is {value}; it must be a list of class names such as [&quot;LlamaForCausalLM&quot;]</source>
        <translation>{path}：config.json 的 architectures 为 {value}；它必须是类名列表，例如 [&quot;LlamaForCausalLM&quot;]</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: the model cannot be loaded: {name} is not valid JSON ({reason})</source>
        <translation>{path}：无法加载模型：{name} 不是有效的 JSON（{reason}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: config.json&apos;s {name} is {value}; no real model has more than {maximum:,}, so the file is damaged</source>
        <translation>{path}：config.json 中的 {name} 为 {value}；没有真实模型会超过 {maximum:,}，所以该文件已损坏</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: config.json is not a valid model configuration: its {name} is {value}, but transformers accepts only an object of RoPE settings (rope_type, factor, …) or null there</source>
        <translation>{path}：config.json 不是有效的模型配置：其中的 {name} 为 {value}，但 transformers 在这里只接受一个 RoPE 设置对象（rope_type、factor…）或 null</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path}: config.json is not a valid model configuration: its {name} is not in a form transformers accepts</source>
        <translation>{path}：config.json 不是有效的模型配置：其中的 {name} 不是 transformers 接受的形式</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: the tokenizer cannot be loaded: {name} is not valid JSON ({reason})</source>
        <translation>{path}：无法加载分词器：{name} 不是有效的 JSON（{reason}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: the tokenizer cannot be loaded: tokenizer.json holds a pattern that is not a valid regular expression ({reason}, at {where})</source>
        <translation>{path}：无法加载分词器：tokenizer.json 中有一个不是有效正则表达式的模式（{reason}，位于 {where}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the tokenizer cannot be read: {reason}</source>
        <translation>无法读取分词器：{reason}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: the tokenizer cannot be loaded: {name} must hold a JSON object, got {found}</source>
        <translation>{path}：无法加载分词器：{name} 必须是一个 JSON 对象，实际是 {found}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: the tokenizer cannot be loaded: tokenizer.json has no &quot;model&quot; object, so it is not a tokenizer the tokenizers library can read</source>
        <translation>{path}：无法加载分词器：tokenizer.json 没有 “model” 对象，因此不是 tokenizers 库能读取的分词器</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: the tokenizer cannot be loaded: tokenizer.json&apos;s model type is {value}, which the tokenizers library does not know (it knows {known})</source>
        <translation>{path}：无法加载分词器：tokenizer.json 的模型类型是 {value}，tokenizers 库不认识它（它认识 {known}）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path}: the tokenizer cannot be loaded: tokenizer.json is not a tokenizer the tokenizers library can read ({reason})</source>
        <translation>{path}：无法加载分词器：tokenizer.json 不是 tokenizers 库能读取的分词器（{reason}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: {name} starts with a UTF-8 byte-order mark (BOM), which transformers cannot read; save it as UTF-8 without one</source>
        <translation>{path}：{name} 以 UTF-8 字节顺序标记（BOM）开头，transformers 无法读取；请将它另存为不带 BOM 的 UTF-8</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the weights cannot be read: {reason}</source>
        <translation>无法读取权重：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: config.json&apos;s {name} is {value}; it must be a finite number, 0 or more</source>
        <translation>{path}：config.json 的 {name} 为 {value}；它必须是有限数且不小于 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: config.json&apos;s {name} is {value}, a RoPE type this transformers version does not know; it knows {known}</source>
        <translation>{path}：config.json 的 {name} 为 {value}，这是当前 transformers 版本不认识的 RoPE 类型；它认识 {known}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: config.json&apos;s {name} must be a list of finite numbers above 0, one per rotary frequency; it holds {value}</source>
        <translation>{path}：config.json 的 {name} 必须是大于 0 的有限数列表，每个旋转频率一个；它包含 {value}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: config.json&apos;s {name} holds {n} numbers, but the model&apos;s rotary embedding has {expected} frequencies (one number each)</source>
        <translation>{path}：config.json 的 {name} 有 {n} 个数，但模型的旋转位置编码有 {expected} 个频率（每个频率一个数）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: config.json&apos;s {name} is {value}; a token id must be a whole number, 0 or more (or null for none)</source>
        <translation>{path}：config.json 的 {name} 为 {value}；token id 必须是不小于 0 的整数（没有则为 null）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: config.json&apos;s {name} is {value:,}, but the vocabulary has only {vocab:,} tokens (ids 0 to {last:,})</source>
        <translation>{path}：config.json 的 {name} 为 {value:,}，但词表只有 {vocab:,} 个 token（id 0 到 {last:,}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: config.json describes a model quantized with {method!r}; gatelab analyses unquantized float16, bfloat16 or float32 models only</source>
        <translation>{path}：config.json 描述的是用 {method!r} 量化的模型；gatelab 只分析未量化的 float16、bfloat16 或 float32 模型</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: config.json&apos;s {name} is {value}, a quantization this transformers version does not know; gatelab analyses unquantized float16, bfloat16 or float32 models only</source>
        <translation>{path}：config.json 的 {name} 为 {value}，这是当前 transformers 版本不认识的量化方式；gatelab 只分析未量化的 float16、bfloat16 或 float32 模型</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path}: config.json&apos;s {name} is {value}, which names no torch dtype (such as bfloat16 or float32)</source>
        <translation>{path}：config.json 的 {name} 为 {value}，它不是任何 torch 数据类型（例如 bfloat16 或 float32）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: config.json&apos;s {name} says the weights are {value}, but the weight files hold floating-point numbers; they were analysed as {dtype}</source>
        <translation>{path}：config.json 的 {name} 说权重是 {value}，但权重文件中是浮点数；已按 {dtype} 分析</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: config.json&apos;s {name} says the weights are {value}, but the weight files hold {held}; they were analysed as {dtype}</source>
        <translation>{path}：config.json 的 {name} 说权重是 {value}，但权重文件中存的是 {held}；分析时按 {dtype} 处理</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} is inside {source}, the folder being analysed; write the result elsewhere, so that the model or run stays as it is</source>
        <translation>{path} 位于正在分析的文件夹 {source} 内；请把结果写到别处，使模型或运行保持原样</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the text has {n:,} characters; the limit is {maximum:,}</source>
        <translation>这段文本有 {n:,} 个字符；上限是 {maximum:,}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the text has {n} characters but this model reads at most {block} (its block size); shorten it</source>
        <translation>这段文本有 {n} 个字符，但这个模型最多读取 {block} 个（它的块大小）；请缩短文本</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: ckpt.pt holds no model weights</source>
        <translation>{path}：ckpt.pt 中没有模型权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: ckpt.pt&apos;s config describes {needed:,} parameters but the file holds only {held:,} numbers; the checkpoint is damaged</source>
        <translation>{path}：ckpt.pt 的配置描述了 {needed:,} 个参数，但文件中只有 {held:,} 个数；检查点已损坏</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: no such run folder</source>
        <translation>{path}：没有这个运行文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: not a gatelab run folder (no ckpt.pt, config.json or run.json); pick a folder that gatelab-train or the Live trainer made</source>
        <translation>{path}：不是 gatelab 运行文件夹（没有 ckpt.pt、config.json 或 run.json）；请选择由 gatelab-train 或“实时训练”生成的文件夹</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{path}: this is a Hugging Face model folder (config.json and weights, no ckpt.pt), not a gatelab run; choose Source: Hugging Face model folder</source>
        <translation>{path}：这是一个 Hugging Face 模型文件夹（有 config.json 和权重，没有 ckpt.pt），不是 gatelab 运行；请将来源选为：Hugging Face 模型文件夹</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: this is a gatelab run folder (it holds {files}), not a Hugging Face model folder; choose Source: Saved run</source>
        <translation>{path}：这是一个 gatelab 运行文件夹（其中有 {files}），不是 Hugging Face 模型文件夹；请将来源选为：已保存的运行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: cannot open this run: {reason}</source>
        <translation>{path}：无法打开这个运行：{reason}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its weight {name} is {found}, where the model it describes has {wanted}; the checkpoint is damaged or was not written by gatelab</source>
        <translation>其中权重 {name} 的形状是 {found}，而它描述的模型要求 {wanted}；检查点已损坏，或并非由 gatelab 写入</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>weights of the model are missing ({names}; {count} in all); the checkpoint is damaged or was not written by gatelab</source>
        <translation>缺少模型的权重（{names}；共 {count} 个）；检查点已损坏，或并非由 gatelab 写入</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it holds weights the model does not have ({names}; {count} in all); the checkpoint is damaged or was not written by gatelab</source>
        <translation>其中有模型不具备的权重（{names}；共 {count} 个）；检查点已损坏，或并非由 gatelab 写入</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: the weights of step {step} do not fit the model: {reason}</source>
        <translation>{path}：第 {step} 步的权重与模型不匹配：{reason}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: no readable config.json, so its corpus is unknown</source>
        <translation>{path}：没有可读的 config.json，因此不知道它的语料</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: its corpus cannot be loaded: {reason}</source>
        <translation>{path}：无法加载它的语料：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>top-k contexts need a saved run or a model folder, not the live run</source>
        <translation>最强上下文需要已保存的运行或模型文件夹，不能用实时训练中的运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: the file holds no text</source>
        <translation>{path}：文件中没有文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>layer {layer} is out of range (0–{last})</source>
        <translation>第 {layer} 层超出范围（0–{last}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>neuron {neuron} is out of range (0–{last})</source>
        <translation>神经元 {neuron} 超出范围（0–{last}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the text to search is empty</source>
        <translation>要搜索的文本为空</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown gate variant {variant!r}</source>
        <translation>未知的门控变体 {variant!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the trace has no tokens</source>
        <translation>这次追踪没有 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>token {token} is out of range: the text has {n} tokens (0–{last})</source>
        <translation>token {token} 超出范围：文本有 {n} 个 token（0–{last}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>layer {layer} is out of range: the model has {n} layers (0–{last})</source>
        <translation>第 {layer} 层超出范围：模型有 {n} 层（0–{last}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the span [{start}, {stop}) holds no token</source>
        <translation>区间 [{start}, {stop}) 中没有 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>layer {layer}: the model did not expose its MLP tensors (gate_proj, up_proj, the MLP output and the layer output)</source>
        <translation>第 {layer} 层：模型没有暴露它的 MLP 张量（门控 gate_proj、上投影 up_proj、MLP 输出和层输出）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it is not a regular file</source>
        <translation>它不是普通文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the weights kept for step {step} are damaged ({why})</source>
        <translation>第 {step} 步保存的权重已损坏（{why}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no weights were kept for step {step}; steps with weights: {kept}</source>
        <translation>第 {step} 步没有保存权重；有权重的步数：{kept}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no weights were kept for step {step}; steps with weights: none</source>
        <translation>第 {step} 步没有保存权重；有权重的步数：无</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the file is truncated, garbled or holds Python objects</source>
        <translation>文件被截断、内容混乱或含有 Python 对象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it holds a {found}, not a dict of tensors</source>
        <translation>其中是 {found}，而不是张量字典</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: skipped ({why})</source>
        <translation>{path}：已跳过（{why}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>array &apos;{name}&apos; is missing</source>
        <translation>缺少数组 &apos;{name}&apos;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>array &apos;{name}&apos; holds {dtype}, not real numbers</source>
        <translation>数组 &apos;{name}&apos; 的类型是 {dtype}，不是实数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>array &apos;{name}&apos; has shape {shape}, expected {expected}</source>
        <translation>数组 &apos;{name}&apos; 的形状为 {shape}，应为 {expected}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>array &apos;{name}&apos; holds infinite or NaN values</source>
        <translation>数组 &apos;{name}&apos; 含有无穷大或 NaN 值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: not read, the entries read before it already hold {size:,} bytes (a history may hold {limit:,})</source>
        <translation>{path}：未读取，之前读取的条目已占用 {size:,} 字节（历史最多可占用 {limit:,}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>checking the model folder</source>
        <translation>正在检查模型文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>loading the tokenizer</source>
        <translation>正在加载分词器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>loading the weights</source>
        <translation>正在加载权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>model loaded</source>
        <translation>模型已加载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running {n} tokens through the model</source>
        <translation>正在让 {n} 个 token 通过模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{done:,} of {total:,} tokens</source>
        <translation>{done:,} / {total:,} 个 token</translation>
    </message>
    <message>
        <location filename="../../gatelab/core/message_catalog.py" line="-58"/>
        <source>{best} lower by {diff:.4f}, but one seed gives no noise floor</source>
        <translation>{best} 低 {diff:.4f}，但只有一个种子，没有噪声下限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{best} better by {diff:.4f}, {ratio:.1f}× the noise</source>
        <translation>{best} 更好，低 {diff:.4f}，是噪声的 {ratio:.1f} 倍</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>within noise (difference {diff:.4f} &lt; noise floor {noise:.4f})</source>
        <translation>在噪声之内（差值 {diff:.4f} &lt; 噪声下限 {noise:.4f}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an experiment needs at least one variant</source>
        <translation>实验至少需要一个变体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an experiment needs at least one seed</source>
        <translation>实验至少需要一个种子</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../gatelab/core/message_catalog_budget.py" line="+59"/>
        <source>cannot read {path}: {reason}</source>
        <translation>无法读取 {path}：{reason}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>needs a finished run of each arm</source>
        <translation>每组都需要一个完成的运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>off − on = {diff:.4g}, but one seed gives no noise floor</source>
        <translation>关 − 开 = {diff:.4g}，但只有一个种子，没有噪声下限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gate on</source>
        <translation>门控开启</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gate off</source>
        <translation>门控关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{arm} lower by {diff:.4g}, {ratio:.1f}× the noise</source>
        <translation>{arm}更低，低 {diff:.4g}，是噪声的 {ratio:.1f} 倍</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>within noise (|off − on| = {diff:.4g} &lt; noise floor {noise:.4g})</source>
        <translation>在噪声之内（|关 − 开| = {diff:.4g} &lt; 噪声下限 {noise:.4g}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the attention-sink experiment needs at least one seed</source>
        <translation>注意力汇聚实验至少需要一个种子</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{name} must be finite, got ({lo}, {hi})</source>
        <translation>{name} 必须是有限的，实际为 ({lo}, {hi})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: minimum {lo} must be below maximum {hi}</source>
        <translation>{name}：最小值 {lo} 必须小于最大值 {hi}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>z range is wider than 10⁶</source>
        <translation>z 范围宽于 10⁶</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} must be finite, got {value}</source>
        <translation>{name} 必须是有限的，实际为 {value}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>resolution must be a whole number in [{lo}, {hi}], got {value!r}</source>
        <translation>分辨率必须是 [{lo}, {hi}] 中的整数，实际为 {value!r}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ε must be a finite number &gt; 0, got {value}</source>
        <translation>ε 必须是 &gt; 0 的有限数，实际为 {value}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>g and u must be finite, got ({g}, {u})</source>
        <translation>g 和 u 必须是有限的，实际为 ({g}, {u})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no stats.npz in {folder} (train a run with statistics on first)</source>
        <translation>{folder} 中没有 stats.npz（请先训练一个开启统计的运行）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path} has no &apos;gate_pairs&apos; array (found: {found})</source>
        <translation>{path} 中没有“gate_pairs”数组（找到：{found}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} has no &apos;gate_pairs&apos; array (found: nothing)</source>
        <translation>{path} 中没有“gate_pairs”数组（什么都没找到）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;gate_pairs&apos; in {path} must have shape [n_layer, m, 2], got {shape}</source>
        <translation>{path} 中的“gate_pairs”形状必须是 [n_layer, m, 2]，实际为 {shape}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;gate_pairs&apos; in {path} must be numbers, got {dtype}</source>
        <translation>{path} 中的“gate_pairs”必须是数字，实际为 {dtype}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;gate_pairs&apos; in {path} contains non-finite values</source>
        <translation>{path} 中的“gate_pairs”含有非有限值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown activation {name!r}; valid names: {valid}</source>
        <translation>未知的激活函数 {name!r}；可选名称：{valid}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{owner} takes no parameter {names}; accepted: {valid}</source>
        <translation>{owner} 没有参数 {names}；可接受：{valid}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{owner}: parameter {key} must be a number, got {value!r}</source>
        <translation>{owner}：参数 {key} 必须是数字，实际为 {value!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{owner}: parameter {key} must be finite, got {value!r}</source>
        <translation>{owner}：参数 {key} 必须是有限的，实际为 {value!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown gate variant {variant!r}; valid names: {valid}</source>
        <translation>未知的门控变体 {variant!r}；可选名称：{valid}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{variant}: parameter {key} must be &gt; 0, got {value}</source>
        <translation>{variant}：参数 {key} 必须 &gt; 0，实际为 {value}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown FFN variant {variant!r}</source>
        <translation>未知的 FFN 变体 {variant!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>beta must lie in [0, 1), got {value}</source>
        <translation>beta 必须在 [0, 1) 之间，实际为 {value}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a state is at most {limit:,} bytes</source>
        <translation>状态最多 {limit:,} 字节</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a gatelab state: nested too deeply</source>
        <translation>不是 gatelab 状态：嵌套过深</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a gatelab state: not valid JSON ({reason})</source>
        <translation>不是 gatelab 状态：不是有效的 JSON（{reason}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a gatelab state: not valid JSON (line {line}, column {column})</source>
        <translation>不是 gatelab 状态：不是有效的 JSON（第 {line} 行，第 {column} 列）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not a gatelab state: the file is empty</source>
        <translation>不是 gatelab 状态：文件为空</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a gatelab state: the &quot;format&quot; is not &quot;gatelab-state&quot;</source>
        <translation>不是 gatelab 状态：“format”不是“gatelab-state”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>this state was saved by a newer gatelab (format {version}); this one reads format {supported}</source>
        <translation>这个状态由更新版本的 gatelab 保存（格式 {version}）；当前版本只能读取格式 {supported}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not a gatelab state: &quot;tabs&quot; must map tab names to objects</source>
        <translation>不是 gatelab 状态：“tabs”必须把标签页名称映射到对象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the state holds a number that is not finite (NaN or infinity)</source>
        <translation>状态中有一个非有限的数（NaN 或无穷大）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not a gatelab state: &quot;current_tab&quot; must be a tab name</source>
        <translation>不是 gatelab 状态：“current_tab”必须是标签页名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>status is missing</source>
        <translation>缺少 status</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>status is not text</source>
        <translation>status 不是文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>status is empty</source>
        <translation>status 为空</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} is not a number</source>
        <translation>{name} 不是数字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: holds an empty object</source>
        <translation>{path}：是一个空对象</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>variant {variant!r} and gated={gated} disagree</source>
        <translation>变体 {variant!r} 与 gated={gated} 不一致</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n_linear} linear-attention layers cannot be among {n_layer} layers</source>
        <translation>{n_layer} 层中不可能有 {n_linear} 层线性注意力</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>source must be a string of at most {maximum} characters</source>
        <translation>source 必须是最多 {maximum} 个字符的字符串</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sizes must be a mapping, got {found}</source>
        <translation>尺寸必须是映射，实际为 {found}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>variant must be a string, got {value!r}</source>
        <translation>variant 必须是字符串，实际为 {value!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sizes lack {name!r}</source>
        <translation>尺寸中缺少 {name!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>expected a TrainConfig or a dict, got {found}</source>
        <translation>应为 TrainConfig 或字典，实际为 {found}</translation>
    </message>
    <message>
        <location filename="../../gatelab/core/message_catalog_budget.py" line="-41"/>
        <source>cannot read {reason}</source>
        <translation>无法读取 {reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the key {key!r} appears twice</source>
        <translation>键 {key!r} 出现了两次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} is not UTF-8 text (byte {byte})</source>
        <translation>{what} 不是 UTF-8 文本（第 {byte} 字节）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} is nested too deeply</source>
        <translation>{what} 嵌套过深</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} is ambiguous: {reason}</source>
        <translation>{what} 有歧义：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a number in {what} has too many digits</source>
        <translation>{what} 中某个数字的位数太多</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} is not valid JSON ({reason})</source>
        <translation>{what} 不是有效的 JSON（{reason}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} must hold a JSON object, got {found}</source>
        <translation>{what} 必须是 JSON 对象，实际为 {found}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>more than 10^{exp}</source>
        <translation>超过 10^{exp}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tensor {name!r}: shape must be a list of at most {maximum} whole numbers ≥ 0</source>
        <translation>张量 {name!r}：shape 必须是最多 {maximum} 个 ≥ 0 的整数组成的列表</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tensor {name!r}: entry must be an object</source>
        <translation>张量 {name!r}：条目必须是对象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tensor {name!r}: unknown dtype {dtype!r}</source>
        <translation>张量 {name!r}：未知的数据类型 {dtype!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tensor {name!r}: data_offsets must be [begin, end]</source>
        <translation>张量 {name!r}：data_offsets 必须是 [begin, end]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tensor {name!r}: data_offsets [{begin}, {end}] lie outside the data area of {size:,} bytes</source>
        <translation>张量 {name!r}：data_offsets [{begin}, {end}] 超出了 {size:,} 字节的数据区</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>tensor {name!r}: shape [{dims}] of {dtype} needs {need} bytes but data_offsets span {span:,}</source>
        <translation>张量 {name!r}：{dtype} 类型、形状 [{dims}] 需要 {need} 字节，但 data_offsets 跨度为 {span:,}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: {count:,} tensors, more than the {limit:,} this reader accepts in one file (not a real checkpoint?)</source>
        <translation>{path}：{count:,} 个张量，超过了本读取器单个文件接受的 {limit:,} 个（不是真正的检查点？）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: safetensors header</source>
        <translation>{path}：safetensors 文件头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: __metadata__ must map strings to strings</source>
        <translation>{path}：__metadata__ 必须把字符串映射到字符串</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: tensors {a!r} and {b!r} overlap (bytes {begin:,}–{end:,})</source>
        <translation>{path}：张量 {a!r} 和 {b!r} 重叠（字节 {begin:,}–{end:,}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: bytes {begin:,}–{end:,} of its data belong to no tensor (a damaged or edited header)</source>
        <translation>{path}：其数据的第 {begin:,}–{end:,} 字节不属于任何张量（文件头已损坏或被改动）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: file shrank while reading its header</source>
        <translation>{path}：读取文件头时文件变小了</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: too short to be a safetensors file ({size} bytes)</source>
        <translation>{path}：太短，不是 safetensors 文件（{size} 字节）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: its header length is 0, so it is not a safetensors file (those start with the length of a JSON header)</source>
        <translation>{path}：其头部长度为 0，因此不是 safetensors 文件（safetensors 文件以 JSON 头部的长度开头）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: header length {length:,} bytes exceeds the {cap} MB cap (not a safetensors file?)</source>
        <translation>{path}：文件头长度 {length:,} 字节超过 {cap} MB 的上限（不是 safetensors 文件？）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: header length {length:,} bytes is longer than the file ({size:,} bytes); truncated or not a safetensors file</source>
        <translation>{path}：文件头长度 {length:,} 字节比文件本身（{size:,} 字节）还长；文件被截断或不是 safetensors 文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path}: expected an object with a &apos;weight_map&apos; of name → shard file</source>
        <translation>{path}：应为带有“weight_map”（名称 → 分片文件）的对象</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tensor {name!r} appears in more than one shard</source>
        <translation>张量 {name!r} 出现在多个分片中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: {n} tensor(s) listed in the index are missing from their shards, e.g. {example!r}</source>
        <translation>{path}：索引中列出的 {n} 个张量在分片中找不到，例如 {example!r}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: shard {shard!r} must be a .safetensors file beside the index</source>
        <translation>{path}：分片 {shard!r} 必须是与索引放在一起的 .safetensors 文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: shard {shard!r} cannot be read: {reason}</source>
        <translation>{path}：无法读取分片 {shard!r}：{reason}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: its shards hold more than {limit:,} tensors in all (not a real checkpoint?)</source>
        <translation>{path}：各分片共有超过 {limit:,} 个张量（不是真正的检查点？）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{name} must be a whole number, got {value!r}</source>
        <translation>{name} 必须是整数，实际为 {value!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} must be ≥ {minimum}, got {value}</source>
        <translation>{name} 必须 ≥ {minimum}，实际为 {value}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} must be ≤ {maximum:,}, got {value:,}</source>
        <translation>{name} 必须 ≤ {maximum:,}，实际为 {value:,}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} must be a positive number, got {value!r}</source>
        <translation>{name} 必须是正数，实际为 {value!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} must be true or false, got {value!r}</source>
        <translation>{name} 必须是 true 或 false，实际为 {value!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head_dim d ÷ heads is 0 (d = {d}, heads = {heads})</source>
        <translation>head_dim d ÷ 头数为 0（d = {d}，头数 = {heads}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>heads ({heads}) must be a multiple of KV heads ({kv})</source>
        <translation>头数（{heads}）必须是 KV 头数（{kv}）的倍数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hidden size {hidden} is smaller than the number of heads {heads}</source>
        <translation>隐藏维 {hidden} 小于头数 {heads}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>first_dense_layers ({n}) exceeds the number of layers ({layers})</source>
        <translation>first_dense_layers（{n}）超过了层数（{layers}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>linear-attention layers ({n}) exceed the number of layers ({layers})</source>
        <translation>线性注意力层数（{n}）超过了层数（{layers}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>linear value heads ({value_heads}) must be a multiple of linear key heads ({key_heads})</source>
        <translation>线性注意力的值头数（{value_heads}）必须是键头数（{key_heads}）的倍数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>config key {name!r} must be a whole number, got {value!r}</source>
        <translation>配置键 {name!r} 必须是整数，实际为 {value!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>config key {name!r} is out of range ({value!r})</source>
        <translation>配置键 {name!r} 超出范围（{value!r}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>config key &apos;layer_types&apos; must be a list of strings</source>
        <translation>配置键“layer_types”必须是字符串列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>layer_types lists {n} layers but num_hidden_layers is {layers}</source>
        <translation>layer_types 列出了 {n} 层，但 num_hidden_layers 是 {layers}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>layer_types[{i}] is {kind!r}, a layer kind gatelab does not know (known: {known})</source>
        <translation>layer_types[{i}] 是 {kind!r}，gatelab 不认识这种层（已知：{known}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>config key &apos;moe_layers&apos; must be a list of layer indices</source>
        <translation>配置键“moe_layers”必须是层序号的列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>layer_types marks {n} layers as linear_attention, but model_type {family!r} has no linear-attention layers</source>
        <translation>layer_types 把 {n} 层标为 linear_attention，但 model_type {family!r} 没有线性注意力层</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Counted the language model of text_config; not counted: the vision tower, the audio tower, the multimodal projector.</source>
        <translation>只统计了 text_config 中的语言模型；未计入：视觉塔、音频塔、多模态投影层。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Counted the language model of text_config; not counted: the vision tower, the multimodal projector.</source>
        <translation>只统计了 text_config 中的语言模型；未计入：视觉塔、多模态投影层。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Counted the language model of text_config; not counted: the audio tower, the multimodal projector.</source>
        <translation>只统计了 text_config 中的语言模型；未计入：音频塔、多模态投影层。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Counted the language model of text_config; not counted: any vision/audio towers.</source>
        <translation>只统计了 text_config 中的语言模型；未计入：任何视觉/音频塔。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>config key {name!r} must be a whole number, got {found}</source>
        <translation>配置键 {name!r} 必须是整数，实际为 {found}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>config key {name!r} must be ≥ {minimum}, got {value}</source>
        <translation>配置键 {name!r} 必须 ≥ {minimum}，实际为 {value}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>config key {name!r} is absurdly large ({value:.3g})</source>
        <translation>配置键 {name!r} 大得离谱（{value:.3g}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>config.json lacks the {what} (any of: {aliases})</source>
        <translation>config.json 缺少 {what}（以下任意一个：{aliases}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} lacks {name} (also accepted in its place: {aliases})</source>
        <translation>{path} 缺少 {name}（也可用以下名称代替：{aliases}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: its text_config lacks {name} (also accepted in its place: {aliases})</source>
        <translation>{path}：其 text_config 缺少 {name}（也可用以下名称代替：{aliases}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path} lacks {name} ({reads})</source>
        <translation>{path} 缺少 {name}（{reads}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: its text_config lacks {name} ({reads})</source>
        <translation>{path}：它的 text_config 缺少 {name}（{reads}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the only name transformers&apos; {family} config reads for it</source>
        <translation>这是 transformers 的 {family} 配置读取它的唯一名称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>transformers&apos; {family} config also reads it as {aliases}</source>
        <translation>transformers 的 {family} 配置也会以 {aliases} 读取它</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{family} does not read {keys}</source>
        <translation>{family} 不读取 {keys}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path}: a {family} config keeps its language model in text_config, which this file lacks (transformers would build its default one)</source>
        <translation>{path}：{family} 配置把语言模型放在 text_config 中，而这个文件没有它（transformers 会构建默认的语言模型）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>config key {name!r} must be true or false, got {value!r}</source>
        <translation>配置键 {name!r} 必须是 true 或 false，实际为 {value!r}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>config key {name!r} must be a string, got {found}</source>
        <translation>配置键 {name!r} 必须是字符串，实际为 {found}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>config key &apos;text_config&apos; must be an object</source>
        <translation>配置键“text_config”必须是对象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>config key &apos;mlp_only_layers&apos; must be a list of layer indices</source>
        <translation>配置键“mlp_only_layers”必须是层序号的列表</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>config.json must hold a JSON object, got {found}</source>
        <translation>config.json 必须是 JSON 对象，实际为 {found}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>config.json has dense layers but no intermediate_size</source>
        <translation>config.json 中有稠密层，却没有 intermediate_size</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>config key {name!r} must be at least 1 for {family}: its every layer is a mixture of experts</source>
        <translation>对 {family} 来说，配置键 {name!r} 至少为 1：它的每一层都是混合专家</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>config key {name!r} must be at least 1 for {family}: {n} of its {layers} layers are mixtures of experts</source>
        <translation>对 {family} 来说，配置键 {name!r} 至少为 1：它的 {layers} 层中有 {n} 层是混合专家</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>config key {name!r} ({k}) must not exceed the number of experts ({n})</source>
        <translation>配置键 {name!r}（{k}）不能超过专家数（{n}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{name} is not set, and transformers&apos; {family} default ({k}) exceeds the number of experts ({n}): add {name} to the config</source>
        <translation>{name} 未设置，而 transformers 的 {family} 默认值（{k}）超过专家数（{n}）：请在配置中加入 {name}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>config.json gives its experts no width: {name} is missing or 0</source>
        <translation>config.json 没有给出专家的宽度：{name} 缺失或为 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>num_key_value_heads is not set, and transformers&apos; {family} default ({kv}) does not divide num_attention_heads ({heads}): add num_key_value_heads to the config</source>
        <translation>未设置 num_key_value_heads，而 transformers 的 {family} 默认值（{kv}）不能整除 num_attention_heads（{heads}）：请在配置中加入 num_key_value_heads</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>expected a config.json path or a dict, got {found}</source>
        <translation>应为 config.json 路径或字典，实际为 {found}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>malformed config: {reason}</source>
        <translation>配置格式有误：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>add_cross_attention with multi_query: transformers&apos; gpt_bigcode model refuses this combination (multi-query cross-attention is not supported)</source>
        <translation>add_cross_attention 与 multi_query 同时开启：transformers 的 gpt_bigcode 模型拒绝这种组合（不支持多查询交叉注意力）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>preset {name}: {reason}</source>
        <translation>预设 {name}：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>preset {name} must be an object with a &apos;config&apos; object</source>
        <translation>预设 {name} 必须是含有“config”对象的对象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>preset {name} needs &apos;name&apos; and &apos;source&apos; strings</source>
        <translation>预设 {name} 需要“name”和“source”字符串</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>preset {name}: checkpoint_total must be a positive integer</source>
        <translation>预设 {name}：checkpoint_total 必须是正整数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Unknown model_type {family!r}: counted as a Llama-style decoder (not verified).</source>
        <translation>未知的 model_type {family!r}：按 Llama 式解码器统计（未经验证）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>model_type {family!r} is counted from its config but not verified against transformers&apos; model.</source>
        <translation>model_type {family!r} 按其配置统计，但未与 transformers 的模型核对。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The checkpoint also stores a multi-token-prediction layer; transformers&apos; model does not build it, so it is shown beside the total, not in it.</source>
        <translation>检查点还存有一个多 token 预测层；transformers 的模型不会构建它，因此它显示在总数旁边，不计入总数。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The checkpoint&apos;s multi-token-prediction layers are not counted (transformers&apos; model does not build them).</source>
        <translation>检查点中的多 token 预测层未计入（transformers 的模型不会构建它们）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>intermediate_size not set: MiniMind&apos;s rule ceil(d·π/64)·64 gives {m}.</source>
        <translation>未设置 intermediate_size：MiniMind 的规则 ceil(d·π/64)·64 给出 {m}。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Counts the router&apos;s e_score_correction_bias ({n:,} numbers): the checkpoint stores it, while transformers keeps it as a buffer, so model.parameters() is that much smaller.</source>
        <translation>计入了路由器的 e_score_correction_bias（{n:,} 个数）：检查点存储了它，而 transformers 把它作为缓冲区（buffer）保存，因此 model.parameters() 会少这么多。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ignored {keys}: transformers&apos; {family} model has no such setting and builds nothing for it, so neither does this count.</source>
        <translation>已忽略 {keys}：transformers 的 {family} 模型没有这种设置，也不为其构建任何参数，所以此计数也不计入。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The decoder has {n} layers, not num_hidden_layers&apos; {encoder}: transformers&apos; {family} config takes the decoder&apos;s depth from num_layers ({n} here; {default} when the file leaves it out).</source>
        <translation>解码器有 {n} 层，而不是 num_hidden_layers 的 {encoder} 层：transformers 的 {family} 配置从 num_layers 取解码器的深度（这里是 {n}；文件未给出时为 {default}）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{family!r} is counted as its base model (the encoder, and its pooler shown as the head); task heads such as the masked-LM head (cls.*) differ by checkpoint and are not counted.</source>
        <translation>{family!r} 按其基础模型计数（编码器，以及作为输出头显示的池化层）；各检查点的任务头（如掩码语言模型头 cls.*）各不相同，不计入。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>add_cross_attention: every layer also has a cross-attention block and its norm (to attend to an encoder&apos;s outputs), counted under attention and norms.</source>
        <translation>add_cross_attention：每一层还有一个交叉注意力块及其归一化（用于关注编码器的输出），计入注意力和归一化。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>n_shared_experts is 0, yet transformers&apos; DeepSeek-V2 builds an empty shared expert whose down_proj keeps its bias (mlp_bias): {n:,} numbers this count leaves out.</source>
        <translation>n_shared_experts 为 0，但 transformers 的 DeepSeek-V2 仍会构建一个空的共享专家，其 down_proj 保留偏置（mlp_bias）：本计数未包含这 {n:,} 个数。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>gpt-oss checkpoints store the expert matrices as MXFP4 blocks; this counts the logical (unpacked) parameters.</source>
        <translation>gpt-oss 检查点以 MXFP4 块存储专家矩阵；这里统计的是逻辑（解包后的）参数。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>MXFP4 *_blocks tensors hold two 4-bit values per byte: counted as 2 × stored elements; their *_scales are quantization metadata, not parameters.</source>
        <translation>MXFP4 *_blocks 张量每字节存两个 4 位值：按 2 × 存储元素计数；它们的 *_scales 是量化元数据，不是参数。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Integer-packed (quantized) tensors are counted as stored elements; their true parameter count depends on the packing and may differ.</source>
        <translation>整数打包（量化）的张量按存储元素计数；真实参数量取决于打包方式，可能不同。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{n:,} elements of quantization metadata (scales, zeros) are not counted as parameters.</source>
        <translation>{n:,} 个量化元数据元素（缩放、零点）不计为参数。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{n:,} parameters belong to the vision/audio towers and the multimodal projector: grouped apart, as the config&apos;s count is of the language model only.</source>
        <translation>{n:,} 个参数属于视觉/音频塔和多模态投影器：单独分组，因为配置的计数只包括语言模型。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{n:,} elements of buffers or tied copies are not counted.</source>
        <translation>{n:,} 个缓冲区或共享副本元素未计入。</translation>
    </message>
</context>
<context>
    <name>presets</name>
    <message>
        <location filename="../../gatelab/core/budget/presets.py" line="+29"/>
        <source>MLA attention and MoE exact (held to transformers&apos; DeepseekV3ForCausalLM); the multi-token-prediction layer is shown beside the total.</source>
        <translation>MLA 注意力与 MoE 均精确（已与 transformers 的 DeepseekV3ForCausalLM 核对）；多 token 预测层单独显示在总数旁边。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GeGLU with the tanh GELU; four RMSNorms per layer (pre/post attention and FFN).</source>
        <translation>GeGLU，使用 tanh 近似的 GELU；每层四个 RMSNorm（注意力与 FFN 的前后各一个）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Experts and router carry biases, attention has per-head sinks; experts stored as MXFP4. Active per token counts the input embedding (201,088 × 2,880 = 579 M); OpenAI&apos;s 3.61 B leaves it out.</source>
        <translation>专家和路由器带偏置，注意力每个头有一个 sink；专家以 MXFP4 存储。每 token 激活参数计入了输入嵌入（201,088 × 2,880 = 579 M）；OpenAI 给出的 3.61 B 不计入它。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Classic GELU MLP with biases, LayerNorm with bias, learned positions, tied LM head.</source>
        <translation>经典的带偏置 GELU MLP，带偏置的 LayerNorm，可学习的位置嵌入，LM 头与嵌入共享权重。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every layer routed: 16 experts, 1 per token, plus a shared expert. Vision tower and projector not counted.</source>
        <translation>每层都是路由层：16 个专家，每 token 用 1 个，外加一个共享专家。视觉塔和投影器不计入。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>intermediate_size from MiniMind&apos;s current rule ceil(d·π/64)·64 = 2432.</source>
        <translation>intermediate_size 来自 MiniMind 当前的规则 ceil(d·π/64)·64 = 2432。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fused qkv_proj and gate_up_proj in the checkpoint; same count.</source>
        <translation>检查点中 qkv_proj 与 gate_up_proj 是融合的；参数数相同。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The lessons&apos; model: 18 Gated DeltaNet + 6 gated full-attention layers, each with the same SwiGLU MLP 3 × 1024 × 3584. Vision tower and MTP layer not counted.</source>
        <translation>课程所用的模型：18 层 Gated DeltaNet + 6 层带门控的全注意力，每层都有同样的 SwiGLU MLP 3 × 1024 × 3584。视觉塔和 MTP 层不计入。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>48 Gated DeltaNet + 16 gated full-attention layers. Vision tower and MTP layer not counted.</source>
        <translation>48 层 Gated DeltaNet + 16 层带门控的全注意力。视觉塔和 MTP 层不计入。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hybrid MoE: 30 Gated DeltaNet + 10 full-attention layers, every layer routed (256 experts, 8 per token, one gated shared expert). Vision tower and MTP layer not counted.</source>
        <translation>混合 MoE：30 层 Gated DeltaNet + 10 层全注意力，每层都是路由层（256 个专家，每 token 用 8 个，另有一个带门控的共享专家）。视觉塔和 MTP 层不计入。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Encoder + decoder; gated-GELU FFN (wi_0, wi_1, wo); relative attention bias in each stack&apos;s first block.</source>
        <translation>编码器 + 解码器；门控 GELU FFN（wi_0、wi_1、wo）；每个堆栈的第一个块带相对注意力偏置。</translation>
    </message>
</context>
<context>
    <name>tabs</name>
    <message>
        <location filename="../../gatelab/ui/tabs.py" line="+114"/>
        <source>Activation curves</source>
        <translation>激活函数曲线</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SiLU, ReLU, GELU and friends, with derivatives and a z probe</source>
        <translation>SiLU、ReLU、GELU 等激活函数及其导数，附 z 探针</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gate plane</source>
        <translation>门控平面</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>h = act(g)·u and its gradients over the (g, u) plane</source>
        <translation>h = act(g)·u 及其梯度在 (g, u) 平面上的分布</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameter budget</source>
        <translation>参数预算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exact parameter accounting: 8d² vs 3dm, presets, config readers</source>
        <translation>精确参数量核算：8d² 对比 3dm，预设模型，配置读取</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Forward pass</source>
        <translation>前向传播</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A clickable map of one forward pass; each box opens the tab that explains it</source>
        <translation>一次前向传播的可点击图；每个方框都会打开讲解它的标签页</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Live trainer</source>
        <translation>实时训练</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Train a small transformer and watch its gates live</source>
        <translation>训练一个小型 Transformer，实时观察它的门控</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inside the model</source>
        <translation>模型内部</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What each neuron fires on, the gates at a token, the MLP as a small correction, attention sinks</source>
        <translation>每个神经元对什么激活、单个 token 的门控、MLP 只是小修正、注意力汇聚</translation>
    </message>
</context>
<context>
    <name>window</name>
    <message>
        <location filename="../../gatelab/app.py" line="+167"/>
        <source>The settings file {0}: started with default settings; this session&apos;s settings will not be saved</source>
        <translation>设置文件 {0}：已使用默认设置启动；本次会话的设置不会被保存</translation>
    </message>
</context>
</TS>
