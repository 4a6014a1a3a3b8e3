import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** 403: the role may not use this page (the server refuses its calls too). */
export function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403 没有权限"
      subTitle="当前角色不能使用此页面。如需使用，请联系管理员调整角色。"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}

/** 404: no page at this address. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404 页面不存在"
      subTitle="地址可能输错了，或页面已被移除。"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}
